import 'server-only';
// What the chat's advertising rules look for (docs/realtime.md "Chat rules"): links, phone numbers, messaging
// accounts (QQ, WeChat, WhatsApp, Telegram…) and the phrasing that moves people to another channel or sells
// tips, in Chinese and English and through the usual disguises (full-width or spaced characters, Chinese or
// English number words, "点com", "dot com"). Football talk is full of numbers (1-0, 44th, 第44分钟, shirt 10,
// 2022): numbers count only when they read as a phone or account number, never by how many digits there are.

export type AdvertisingKind = 'link' | 'phone' | 'account' | 'invitation';

/** What a viewer reads for each kind of advertising the rules found. */
export const advertisingMessageKeys: Record<AdvertisingKind, string> = {
  link: 'chat.restrictions.linksForbidden',
  phone: 'chat.restrictions.phoneForbidden',
  account: 'chat.restrictions.accountForbidden',
  invitation: 'chat.restrictions.invitationForbidden',
};

export type AdvertisingFinding = { kind: AdvertisingKind; match: string };

/** Full-width forms, circled digits and the like become plain ASCII, and case stops mattering. */
function fold(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

// ── Numbers ─────────────────────────────────────────────────────────────────────────────────────

const chineseDigits: Record<string, string> = {
  零: '0', 〇: '0', '○': '0', 洞: '0',
  一: '1', 壹: '1', 幺: '1', 么: '1',
  二: '2', 贰: '2', 两: '2',
  三: '3', 叁: '3',
  四: '4', 肆: '4',
  五: '5', 伍: '5',
  六: '6', 陆: '6',
  七: '7', 柒: '7',
  八: '8', 捌: '8',
  九: '9', 玖: '9',
};
const chineseDigitClass = Object.keys(chineseDigits).join('');
const englishDigits: Record<string, string> = { zero: '0', one: '1', two: '2', three: '3', four: '4', five: '5', six: '6', seven: '7', eight: '8', nine: '9' };

// A run of Chinese number characters (possibly mixed with digits and spaces) long enough to be a number someone
// reads out; shorter runs are words (一个, 第二) and stay as they are. 十/百 are not digits: 四十四 is a minute.
const chineseRun = new RegExp(`[0-9${chineseDigitClass}](?:[\\s-]*[0-9${chineseDigitClass}]){4,}`, 'gu');
// Four or more English number words in a row ("seven seven zero zero…"), "plus" before them as "+".
const englishRun = /\b(?:plus\s+)?(?:(?:zero|one|two|three|four|five|six|seven|eight|nine|\d+)[\s,-]+){3,}(?:zero|one|two|three|four|five|six|seven|eight|nine|\d+)\b/gu;

/** The text with numbers written in words or Chinese numerals turned into digits, where they read as a number. */
function digitsView(folded: string): string {
  return folded
    .replace(chineseRun, (run) => run.replace(new RegExp(`[${chineseDigitClass}]`, 'gu'), (char) => chineseDigits[char] ?? char))
    .replace(englishRun, (run) => run.replace(/plus\s+/u, '+').replace(/[a-z]+/gu, (word) => englishDigits[word] ?? word))
    // A letter o or l between digits is a disguised 0 or 1 (138 l234 5678).
    .replace(/(?<=\d[\s-]?)[ol](?=[\s-]?\d)/gu, (char) => (char === 'o' ? '0' : '1'))
    // Spaced-out words close up: 微 信 → 微信, w x 1 2 3 → wx123.
    .replace(/(?<=\p{Script=Han})\s+(?=\p{Script=Han})/gu, '')
    .replace(/(?<![\p{L}\p{N}])(?:[\p{L}\p{N}] ){2,}[\p{L}\p{N}](?![\p{L}\p{N}])/gu, (run) => run.replace(/ /gu, ''));
}

// Digits joined by the separators people put inside phone numbers: spaces, dashes, dots, brackets, slashes.
// A colon or a comma ends a chain (20:45, 80,000).
const numberChain = /\+?\(?\d(?:[\s\-–—.()/_*~·]{0,3}\d)*/gu;

const scoreToken = /^\d{1,2}\s?[-–:]\s?\d{1,2}$/u;
const yearToken = /^(?:19|20)\d{2}$/u;
const dates = /(?<!\d)(?:(?:19|20)\d{2}[-./](?:0?[1-9]|1[0-2])[-./](?:0?[1-9]|[12]\d|3[01])|(?:0?[1-9]|[12]\d|3[01])[-./](?:0?[1-9]|1[0-2])[-./](?:19|20)\d{2})(?!\d)/gu;

/** Scores in a row (2-1 3-1) and years in a row (2014 2018 2022) are football, not phone numbers. */
function isFootballNumber(chain: string): boolean {
  const tokens = chain.trim().split(/\s+/u);
  return tokens.every((token) => scoreToken.test(token)) || tokens.every((token) => yearToken.test(token));
}

/** Phone numbers and numeric account ids: 7 or more digits that hang together as one number. */
function findPhone(text: string): string | undefined {
  // A date (2026-06-14) is not part of a number, even with the kick-off time after it.
  const view = text.replace(dates, ' ; ');
  for (const match of view.matchAll(numberChain)) {
    const chain = match[0];
    const digits = chain.replace(/\D/gu, '');
    if (digits.length < 7 || isFootballNumber(chain)) continue;
    // Money is written with a currency sign before it (€100000000).
    if (/[$€£¥￥]\s*$/u.test(view.slice(0, match.index))) continue;
    return chain.trim();
  }
  return undefined;
}

// ── Accounts ────────────────────────────────────────────────────────────────────────────────────

// Names of messaging apps and social networks, with the homophones and abbreviations used to slip past filters.
const platform =
  '(?:qq|扣扣|企鹅|q号|q群|扣群|微信|威信|薇信|徽信|微芯|维信|卫星|v信|vx|wx|weixin|wechat|whats\\s?app|whatsap|watsapp|telegram|tele|tg|电报|纸?飞机|line\\s?id|line|kakao|kik|snapchat|snap|skype|signal|discord|instagram|insta|ig|tiktok|twitter|facebook|fb|cashapp|paypal)';
// The name, a separator that introduces an id ("wx:", "QQ号", "wechat ID"), then the id.
const idAfterLabel = new RegExp(`(?<![a-z])${platform}(?:\\s*(?:[:：=]|号码|号|群|id|账号|帐号|同号))+\\s*[@$]?[a-z0-9][a-z0-9_.\\-#]{3,}`, 'u');
// The name and an id after a space or "is" only when the id looks like one (has a digit or an underscore):
// "line 4", "snap decision" and "my whatsapp is down" are talk.
const idAfterSpace = new RegExp(`(?<![a-z])${platform}(?:\\s+is|\\s*是)?\\s+[@$]?(?=[a-z0-9_.\\-#]*[\\d_])[a-z0-9_.\\-#]{5,}`, 'u');
const handleAfterPlatform = new RegExp(`(?<![a-z])${platform}\\s*[:：]?\\s*[@$][a-z0-9_.]{3,}|\\bfollow @[a-z0-9_.]{3,}`, 'u');
// 加v / +v / ➕v / 十v / v: followed by an id.
const plusV = /(?:(?:加我?|\+|➕|十)\s*(?:v|vx|wx|q|qq|微|微信|薇|威|卫)\s*[:：]?|(?<![a-z])v\s*[:：])\s*[a-z0-9_-]{5,}/u;
const email = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/u;

function findAccount(view: string): string | undefined {
  return (handleAfterPlatform.exec(view) ?? plusV.exec(view) ?? email.exec(view) ?? idAfterLabel.exec(view) ?? idAfterSpace.exec(view))?.[0];
}

// ── Links ───────────────────────────────────────────────────────────────────────────────────────

// Top-level domains spam is posted under. Two-letter ones that are also words (to, me, co) need a lower-case
// letter right after the dot, so a sentence typed without a space ("Goal.To be fair") is not a link.
const domainEnds =
  'com|net|org|cn|io|tv|cc|co|me|to|xyz|top|info|app|live|vip|club|site|online|link|shop|store|ly|gg|bet|win|casino|games|fun|pro|biz|asia|icu|ink|ltd|work|tk|ml|ga|cf|gq|ru|uk|us|hk|tw|jp|kr|vn|ph|th|my|sg|au|ca|de|fr|es|nl|la|ws|bz|su|fm|stream|download|website|space|world|today|news|ai';
const wordLikeEnds = new Set(['to', 'me', 'co', 'my', 'la', 'us', 'de', 'es', 'fun', 'win', 'bet', 'live', 'link', 'today', 'news', 'world', 'work', 'space', 'games', 'store', 'shop', 'download', 'stream', 'ai']);

const schemeOrWww = /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)([^\s/?#]+)/gu;
const bareDomain = new RegExp(`(?<![\\p{L}\\p{N}_-])((?:[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]*[\\p{L}\\p{N}])?\\.)+(${domainEnds}))(?![\\p{L}\\p{N}])`, 'gu');

/**
 * The text as a link would be read out: 点/dot/(.)/[.]/。 become dots, spaced-out letters close up
 * (s p o r t s h d . x y z), spaces around dots go.
 */
function linkView(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[。｡]/gu, '.')
    .replace(/\s*(?:[([{]\s*(?:\.|dot|点)\s*[)\]}]|(?<=[\p{L}\p{N}])\s*(?:点|點)\s*(?=[a-z])|\s+dot\s+)\s*/giu, '.')
    .replace(/(?<![\p{L}\p{N}])(?:[\p{L}\p{N}] ){2,}[\p{L}\p{N}](?![\p{L}\p{N}])/gu, (run) => run.replace(/ /gu, ''))
    .replace(/\s+\.\s+(?=[a-z0-9])/giu, '.')
    .replace(/\bt\s+me\//giu, 't.me/')
    .replace(/\bwa\s+me\b/giu, 'wa.me');
}

/** The hosts a message links to (lower case), however the links are disguised. */
export function linkHosts(text: string): string[] {
  const view = linkView(text);
  const lower = view.toLowerCase();
  const hosts: string[] = [];
  for (const match of lower.matchAll(schemeOrWww)) hosts.push(match[1].replace(/:\d+$/u, '').replace(/\.$/u, ''));
  const withoutSchemes = lower.replace(schemeOrWww, ' ');
  const withoutEmails = withoutSchemes.replace(new RegExp(email.source, 'gu'), ' ');
  for (const match of withoutEmails.matchAll(bareDomain)) {
    const host = match[1];
    const end = match[2];
    const label = host.slice(0, -end.length - 1);
    // A number and a word ("8.tv", "1.5.co") is not a site; nor a sentence run together ("Goal.To").
    if (/^[\d.]+$/u.test(label)) continue;
    if (wordLikeEnds.has(end) && host !== 't.me') {
      const at = (match.index ?? 0) + host.length - end.length;
      const original = view.slice(at, at + 1);
      if (original !== original.toLowerCase() || label.length < 2) continue;
    }
    hosts.push(host);
  }
  return hosts.filter(Boolean);
}

// ── Phrasing ────────────────────────────────────────────────────────────────────────────────────

// Invitations to continue elsewhere, and the sales talk of tipsters, gamblers and scammers. Each entry is a
// whole phrase: "DM" alone is a defensive midfielder, "私信" alone may be the site's own messages.
const invitationsZh = [
  /加(?:我|下|一下)?(?:微信?|v|vx|wx|q|qq|扣|好友|群|tg|电报|飞机|line)/u,
  /加我(?:了解|咨询|拿|领|进|好友)|(?:^|[，,。!！\s])加我$/u,
  /(?<!自)私(?:聊|我|你)|私信(?:我|你|获取|领|拿|咨询)|[，,]\s*私信\s*$|滴滴我|戳我|联系我|联系客服|找我(?:买|拿|要|领)|的找我|带你(?:赚|回血|上岸|发财|飞)|拉你进|进(?:vip)?群|入群|群号|裙号|扫码/u,
  /(?:需要|想要|要|想看|想赚钱|想发财)的(?:朋友)?(?:话)?[，,\s]?(?:私|加|联系|滴滴|扣|留言|来|跟)|有意者/u,
  /(?:看|见)(?:我的?)?(?:主页|简介|头像|昵称)|主页有|简介有|头像有|昵称有|联系方式/u,
  /稳赚|躺赚|日赚|日入|包赢|包中|包红|必中|必赚|稳单|推单|跟单|带单|回血|上岸|红单|十连红|不中退款|先中后付|中了再付/u,
  /兼职|刷单|彩金|首充|注册(?:就)?送|返水|代理招募|招代理|菠菜|网赌|博彩|外围(?:足球|下注|平台|投注)|百家乐|时时彩|老虎机|真人娱乐/u,
  /同城交友|陪聊|约吗|成人直播|看片|代充|代练|代购|代开|办证|贷款|网贷|高仿|跑分|零投资|零成本|有渠道|内部渠道/u,
  /领(?:取)?(?:红包|福利|推荐)|福利群|免费(?:领|送|体验|推荐)|送推荐|内部(?:资料|群)|(?:有|要|领|发)资源/u,
];

const invitationsEn = [
  /\b(?:add|dm|pm|inbox|message|msg|text|txt|kik|whatsapp|telegram|contact|reach|email) me\b|\b(?:call|ring|find|snap|chat with) me (?:on|at|now)\b/u,
  /\b(?:add|follow|contact|message|join) (?:me|us|my|our) (?:up )?(?:on|at|via|in|for)\b/u,
  /\bhmu\b|\bhit me up\b|\bsend me an? (?:message|dm|pm|text)\b|\bslide (?:in|into) my\b|\bask me how\b|\bcontact (?:us|my)\b/u,
  /\b(?:dm|pm|inbox|whatsapp|telegram) (?:for|now|us|to get)\b|(?:^|[,.!;:]\s*)dm\s*[.!]*$/u,
  /\b(?:check|see|click) (?:my |the )?(?:bio|profile|page|channel)\b|\bin my (?:bio|profile)\b|\blink in\b|\bmy (?:channel|profile|bio|site|website|telegram|whatsapp|insta|instagram|ig|youtube|tiktok|snap|snapchat|discord|twitter)\b(?! (?:group|chat|status|story|feed|timeline|dms?)\b)/u,
  /\bjoin (?:my |our |the )?(?:vip|telegram|whatsapp|discord|tips|predictions) ?(?:group|channel|room)?\b|\bjoin (?:via|on) (?:telegram|whatsapp|discord)\b|\bjoin (?:my|our) (?:group|channel|room)\b/u,
  /\b(?:free|betting|vip|sure|daily|private) (?:tips|picks|predictions|slips?|bets?)\b|\btips (?:group|channel)\b|\btipster\b/u,
  /\bfixed (?:match(?:es)?|games?|results?|odds)\b|\bsure (?:\d+ )?(?:odds|wins?|bets?|banker)\b|\bguaranteed (?:wins?|profit|odds|correct)\b|\bcorrect score (?:tips|confirmed)\b|\bbooking code\b/u,
  /\b(?:promo|referral|bonus|invite) code\b|\bmy code\b|\bdeposit bonus\b|\bsign ?up bonus\b|\bfree spins\b|\b\d+% bonus\b|\bcash ?back\b/u,
  /\b(?:earn|make) (?:\$\d|\d+\s?(?:k|dollars|usd|usdt|a day|per day|daily|weekly|monthly)\b|money|passive)|\b(?:work|earn) from home\b|\bdouble your money\b|\binvestment (?:opportunity|plan)\b|\bcrypto signals\b|\bpassive income\b/u,
  /\b(?:hot|lonely) singles\b|\bsugar daddy\b|\blive cam\b|\badult chat\b|\bloans? available\b|\bneed a loan\b|\bfree (?:iptv|vbucks|robux|jersey|tickets)\b|\bgiveaway\b|\bairdrop\b|\bclaim (?:your|free)\b/u,
  /\b(?:pay|paid) (?:me|after|first|and i)\b|\bi know the score\b|\bserious (?:buyers|people|bettors) only\b|\b(?:selling|i sell|for sale)\b.*\b(?:tickets|accounts)\b|\b(?:buy|get) (?:cheap )?(?:followers|likes)\b|\bsubscribe\b/u,
];

function findInvitation(folded: string): string | undefined {
  for (const pattern of [...invitationsZh, ...invitationsEn]) {
    const match = pattern.exec(folded);
    if (match) return match[0];
  }
  return undefined;
}

// ── The verdict ─────────────────────────────────────────────────────────────────────────────────

export type AdvertisingChecks = {
  /** Hosts links may point to (sub-domains included); null: links are not checked. */
  allowedLinkHosts: string[] | null;
  /** Phone numbers, accounts and invitations. */
  contacts: boolean;
};

function hostAllowed(host: string, allowed: string[]): boolean {
  return allowed.some((entry) => host === entry || host.endsWith(`.${entry}`));
}

/** The first thing in a message that advertises, in the order a viewer would want to hear about it; or undefined. */
export function findAdvertising(text: string, checks: AdvertisingChecks): AdvertisingFinding | undefined {
  const allowed = checks.allowedLinkHosts;
  if (allowed) {
    const host = linkHosts(text).find((candidate) => !hostAllowed(candidate, allowed));
    if (host) return { kind: 'link', match: host };
  }
  if (!checks.contacts) return undefined;
  const folded = fold(text);
  const view = digitsView(folded);
  const account = findAccount(view);
  if (account) return { kind: 'account', match: account };
  const phone = findPhone(view);
  if (phone) return { kind: 'phone', match: phone };
  const invitation = findInvitation(folded);
  if (invitation) return { kind: 'invitation', match: invitation };
  return undefined;
}
