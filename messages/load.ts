// Message catalogues, one JSON file per namespace and locale; missing keys fall back to en-US.
import type { Locale } from '@/lib/i18n/locales';
import enApi from './en-US/api.json';
import zhApi from './zh-CN/api.json';
import enShell from './en-US/shell.json';
import zhShell from './zh-CN/shell.json';
import enSite from './en-US/site.json';
import zhSite from './zh-CN/site.json';
import enPages from './en-US/pages.json';
import zhPages from './zh-CN/pages.json';
import enHttp from './en-US/http.json';
import zhHttp from './zh-CN/http.json';
import enValidation from './en-US/validation.json';
import zhValidation from './zh-CN/validation.json';
import enAuth from './en-US/auth.json';
import zhAuth from './zh-CN/auth.json';
import enMatches from './en-US/matches.json';
import zhMatches from './zh-CN/matches.json';
import enNews from './en-US/news.json';
import zhNews from './zh-CN/news.json';
import enContent from './en-US/content.json';
import zhContent from './zh-CN/content.json';
import enAccount from './en-US/account.json';
import zhAccount from './zh-CN/account.json';
import enMatchCentre from './en-US/matchCentre.json';
import zhMatchCentre from './zh-CN/matchCentre.json';
import enArticles from './en-US/articles.json';
import zhArticles from './zh-CN/articles.json';
import enFeedback from './en-US/feedback.json';
import zhFeedback from './zh-CN/feedback.json';
import enChat from './en-US/chat.json';
import zhChat from './zh-CN/chat.json';
import enLive from './en-US/live.json';
import zhLive from './zh-CN/live.json';
import enPlayer from './en-US/player.json';
import zhPlayer from './zh-CN/player.json';
import enAnchor from './en-US/anchor.json';
import zhAnchor from './zh-CN/anchor.json';
import enWallet from './en-US/wallet.json';
import zhWallet from './zh-CN/wallet.json';
import enGifts from './en-US/gifts.json';
import zhGifts from './zh-CN/gifts.json';
import enMall from './en-US/mall.json';
import zhMall from './zh-CN/mall.json';
import enRanking from './en-US/ranking.json';
import zhRanking from './zh-CN/ranking.json';
import enQuiz from './en-US/quiz.json';
import zhQuiz from './zh-CN/quiz.json';
import enInbox from './en-US/inbox.json';
import zhInbox from './zh-CN/inbox.json';
import enNotices from './en-US/notices.json';
import zhNotices from './zh-CN/notices.json';
import enCheckin from './en-US/checkin.json';
import zhCheckin from './zh-CN/checkin.json';
import enBookings from './en-US/bookings.json';
import zhBookings from './zh-CN/bookings.json';
import enLottery from './en-US/lottery.json';
import zhLottery from './zh-CN/lottery.json';
import enGames from './en-US/games.json';
import zhGames from './zh-CN/games.json';
import enAdmin from './en-US/admin.json';
import zhAdmin from './zh-CN/admin.json';

export type Messages = { api: typeof enApi; shell: typeof enShell; site: typeof enSite; pages: typeof enPages; http: typeof enHttp; validation: typeof enValidation; auth: typeof enAuth; matches: typeof enMatches; news: typeof enNews; content: typeof enContent; account: typeof enAccount; chat: typeof enChat; matchCentre: typeof enMatchCentre; articles: typeof enArticles; feedback: typeof enFeedback; live: typeof enLive; player: typeof enPlayer; anchor: typeof enAnchor; wallet: typeof enWallet; gifts: typeof enGifts; mall: typeof enMall; ranking: typeof enRanking; quiz: typeof enQuiz; inbox: typeof enInbox; notices: typeof enNotices; checkin: typeof enCheckin; bookings: typeof enBookings; lottery: typeof enLottery; games: typeof enGames; admin: typeof enAdmin };

const catalogues: Record<Locale, Record<keyof Messages, unknown>> = {
  'en-US': { api: enApi, shell: enShell, site: enSite, pages: enPages, http: enHttp, validation: enValidation, auth: enAuth, matches: enMatches, news: enNews, content: enContent, account: enAccount, chat: enChat, matchCentre: enMatchCentre, articles: enArticles, feedback: enFeedback, live: enLive, player: enPlayer, anchor: enAnchor, wallet: enWallet, gifts: enGifts, mall: enMall, ranking: enRanking, quiz: enQuiz, inbox: enInbox, notices: enNotices, checkin: enCheckin, bookings: enBookings, lottery: enLottery, games: enGames, admin: enAdmin },
  'zh-CN': { api: zhApi, shell: zhShell, site: zhSite, pages: zhPages, http: zhHttp, validation: zhValidation, auth: zhAuth, matches: zhMatches, news: zhNews, content: zhContent, account: zhAccount, chat: zhChat, matchCentre: zhMatchCentre, articles: zhArticles, feedback: zhFeedback, live: zhLive, player: zhPlayer, anchor: zhAnchor, wallet: zhWallet, gifts: zhGifts, mall: zhMall, ranking: zhRanking, quiz: zhQuiz, inbox: zhInbox, notices: zhNotices, checkin: zhCheckin, bookings: zhBookings, lottery: zhLottery, games: zhGames, admin: zhAdmin },
};

function mergeFallback(fallback: unknown, preferred: unknown): unknown {
  if (typeof fallback !== 'object' || fallback === null || Array.isArray(fallback)) return preferred ?? fallback;
  const out: Record<string, unknown> = { ...(fallback as Record<string, unknown>) };
  for (const [key, value] of Object.entries((preferred ?? {}) as Record<string, unknown>)) {
    out[key] = mergeFallback((fallback as Record<string, unknown>)[key], value);
  }
  return out;
}

const merged = new Map<Locale, Messages>();

export function getMessages(locale: Locale): Messages {
  let messages = merged.get(locale);
  if (!messages) {
    messages = mergeFallback(catalogues['en-US'], catalogues[locale]) as Messages;
    merged.set(locale, messages);
  }
  return messages;
}

/** The namespaces the islands of every page need (header, login and start-live dialogs, the account's notices: private messages, quiz results); the rest stays on the server. */
export const siteClientNamespaces = ['shell', 'validation', 'account', 'anchor', 'live', 'notices'] as const satisfies readonly (keyof Messages)[];
/** The live islands' namespaces (room, chat, player, gifts, quizzes, follow buttons, the room's ranking), sent only with the routes that render them. */
export const liveClientNamespaces = ['chat', 'player', 'gifts', 'ranking', 'quiz'] as const satisfies readonly (keyof Messages)[];
/** The user centre's quiz lists (bet history, guessing management); `player` has the personal lists' states. */
export const quizClientNamespaces = ['player', 'quiz'] as const satisfies readonly (keyof Messages)[];
/** The lottery page. */
export const lotteryClientNamespaces = ['player', 'lottery'] as const satisfies readonly (keyof Messages)[];

/** The games hub's tables. */
export const gamesClientNamespaces = ['player', 'games'] as const satisfies readonly (keyof Messages)[];
/** The operator console's islands (sign-in, the action forms). */
export const adminClientNamespaces = ['admin'] as const satisfies readonly (keyof Messages)[];
/** The booked matches page (user centre). */
export const bookingsClientNamespaces = ['player', 'bookings'] as const satisfies readonly (keyof Messages)[];
/** The private chat page (user centre). */
export const inboxClientNamespaces = ['player', 'inbox'] as const satisfies readonly (keyof Messages)[];
/** The user centre's check-in page; `player` has the personal lists' states. */
export const checkinClientNamespaces = ['player', 'checkin'] as const satisfies readonly (keyof Messages)[];
/** The mall page's island. */
export const mallClientNamespaces = ['mall'] as const satisfies readonly (keyof Messages)[];
/** The wallet pages' namespaces (recharge, records, wallet, the sandbox checkout); `player` has the personal lists' states. */
export const walletClientNamespaces = ['player', 'wallet'] as const satisfies readonly (keyof Messages)[];
