// The spec's route table (§2.2): every page's path, keyed by its name in the message catalogues, and one builder
// per page that takes an id. Links, canonical URLs, the sitemap and stored jump URLs all come from here.
// A leaf module (it imports nothing), so the browser, the server and the proxy share it.

/** Pages without an id in their path. */
export const siteRoutes = {
  /** The site's root: home, or the live matches on a brand marked to show them there (spec §2.1). */
  root: '/',
  home: '/home',
  liveMatches: '/liveMatches',
  liveMatchesReplay: '/liveMatchesReplay',
  schedule: '/schedule',
  news: '/news',
  activity: '/activity',
  mall: '/mall',
  notice: '/notice',
  urgent: '/urgent',
  worldCup: '/worldCup',
  privateChat: '/user-center/privateChat',
  schedulePreview: '/schedule-preview',
  ranking: '/ranking',
  game: '/game',
  monopoly: '/monopoly',
  sieve: '/sieve',
  guessList: '/guessList',
  teamInfo: '/teamInfo',
  certificate1: '/certificate1',
  certificate2: '/certificate2',
  voucher: '/user-center/voucher',
  checkin: '/user-center/checkin',
  download: '/download',
  help: '/help',
  feedback: '/about/3',
  keysearch: '/keysearch',
  applyAnchor: '/user-center/apply-anchor',
  centerAnchor: '/user-center/center-anchor',
  userCenter: '/user-center/index',
  focus: '/user-center/focus',
  lottery: '/lottery',
  liveManagement: '/user-center/live-management',
  liveRoomSettings: '/user-center/live-room-settings',
  guessingManagement: '/user-center/guessing-management',
  mySchedule: '/user-center/mySchedule',
  myWallet: '/user-center/myWallet',
  recharge: '/user-center/recharge',
  rechargeHistory: '/user-center/rechargeHistory',
  watchHistory: '/user-center/watchHistory',
  betHistory: '/user-center/betHistory',
} as const;

/** Where the paths of the pages that take an id start: the builders below add the id, and "is this page open" checks match on them. */
export const dynamicRouteBases = {
  liveMatchesTwo: '/liveMatchesTwo',
  scheduleDetail: '/scheduleDetail',
  newsDetail: '/news_detail',
  activityDetails: '/activity_details',
  anchorInfo: '/anchorInfo',
  anchorReplay: '/anchorReplay',
  gameDetail: '/gameDetail',
  about: '/about',
  privacy: '/privacy',
  protocol: '/protocol',
  sandboxCheckout: '/pay/sandbox',
} as const;

/** The operator console (docs/admin.md): server-rendered pages behind a sign-in of their own. */
export const adminRoutes = {
  dashboard: '/admin',
  signIn: '/admin/sign-in',
  people: '/admin/people',
  rooms: '/admin/rooms',
  audit: '/admin/audit',
  security: '/admin/security',
  pages: '/admin/pages',
  applications: '/admin/applications',
  keywords: '/admin/keywords',
  moderation: '/admin/moderation',
  news: '/admin/news',
  replays: '/admin/replays',
  roomManagers: '/admin/room-managers',
  quizzes: '/admin/quizzes',
  settings: '/admin/settings',
  maintenance: '/admin/maintenance',
  feedback: '/admin/feedback',
  gifts: '/admin/gifts',
  recharge: '/admin/recharge',
  mall: '/admin/mall',
  lottery: '/admin/lottery',
  checkin: '/admin/checkin',
  ledger: '/admin/ledger',
} as const;

/**
 * A console list's address with its filters, in the order given: empty ones (no value, '', 0) are left out, as is
 * page 1 and a status that is the list's default, so each view of a list has one address.
 */
function consoleListPath(base: string, filters: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined && value !== '' && value !== 0) search.set(name, String(value));
  const query = search.toString();
  return query ? `${base}?${query}` : base;
}

const laterPage = (page: number | undefined) => (page && page > 1 ? page : undefined);
const unlessDefault = (value: string | undefined, byDefault: string) => (value === byDefault ? undefined : value);

/** The finance page's transaction search (a user, a kind, an idempotency key). */
export function adminLedgerPath(filters: { user?: number; kind?: string; key?: string; page?: number }): string {
  return consoleListPath(adminRoutes.ledger, { user: filters.user, kind: filters.kind, key: filters.key, page: laterPage(filters.page) });
}

/** Anchor applications of one status (the waiting ones without it); `decided` names the applicant just decided on. */
export function adminApplicationsPath(filters: { status?: string; page?: number; decided?: number }): string {
  return consoleListPath(adminRoutes.applications, { status: unlessDefault(filters.status, 'verifying'), page: laterPage(filters.page), decided: filters.decided });
}

/** The moderation log across rooms with its filters (room key, actor id, target id, step) and page. */
export function adminModerationPath(filters: { room?: string; actor?: number; target?: number; action?: string; page?: number }): string {
  const { room, actor, target, action, page } = filters;
  return consoleListPath(adminRoutes.moderation, { room, actor, target, action, page: laterPage(page) });
}

/** An applicant's ID photo, for a console role that reviews applications. */
export function adminIdPhotoPath(userId: number): string {
  return `/api/admin/idPhoto?user_id=${userId}`;
}

/** The console's feedback inbox by status (the new ones without it) and page. */
export function adminFeedbackPath(filters: { status?: string; page?: number }): string {
  return consoleListPath(adminRoutes.feedback, { status: unlessDefault(filters.status, 'new'), page: laterPage(filters.page) });
}

/** The console's quizzes, by page. */
export function adminQuizzesPath(page?: number): string {
  return consoleListPath(adminRoutes.quizzes, { page: laterPage(page) });
}

/** The console's room managers, by page. */
export function adminRoomManagersPath(page?: number): string {
  return consoleListPath(adminRoutes.roomManagers, { page: laterPage(page) });
}

/** The console's replays, by page. */
export function adminReplaysPath(page: number): string {
  return consoleListPath(adminRoutes.replays, { page: laterPage(page) });
}

/** The console's news list, by kind and page. */
export function adminNewsPath(filters: { kind?: string; page?: number }): string {
  return consoleListPath(adminRoutes.news, { kind: filters.kind, page: laterPage(filters.page) });
}

/** One article in the console's editor; 0 writes a new one. */
export function adminNewsArticlePath(id: number): string {
  return `${adminRoutes.news}/${id === 0 ? 'new' : id}`;
}

/** The console's editor of one site page. */
export function adminSitePagePath(kind: string, number: number): string {
  return `${adminRoutes.pages}/${kind}/${number}`;
}

/**
 * An id as a path carries it: a number, or a segment the page received and echoes back as it came (a canonical
 * URL of a page that was not found, a validated digit string), so that no address changes by being rebuilt.
 */
export type PathId = number | string;

/** An anchor's live room; its id is the anchor's. */
export function liveRoomPath(anchorId: PathId): string {
  return `${dynamicRouteBases.liveMatchesTwo}/${anchorId}`;
}

/** A match's page: live data, text commentary, line-ups and statistics. */
export function matchDetailPath(matchId: PathId, sportId: PathId): string {
  return `${dynamicRouteBases.scheduleDetail}/${matchId}/${sportId}`;
}

/** A news article. */
export function newsArticlePath(articleId: PathId): string {
  return `${dynamicRouteBases.newsDetail}/${articleId}`;
}

/** One activity's page. */
export function activityDetailPath(activityId: PathId): string {
  return `${dynamicRouteBases.activityDetails}/${activityId}`;
}

/** An anchor's page: their card, introduction and latest replays. */
export function anchorInfoPath(anchorId: PathId): string {
  return `${dynamicRouteBases.anchorInfo}/${anchorId}`;
}

/** An anchor's replays, newest first. */
export function anchorReplaysPath(anchorId: PathId): string {
  return `${dynamicRouteBases.anchorReplay}/${anchorId}`;
}

/** A replay's own address: its anchor's replays with its player open. */
export function replayPath(replay: { id: number; anchor_id: number }): string {
  return `${anchorReplaysPath(replay.anchor_id)}?replay=${replay.id}`;
}

/** The replay an address opens, or null (on an anchor's replays only: the replay list's own ?replay=1 is a flag). */
export function replayIdInUrl(href: string): number | null {
  const url = new URL(href, 'http://localhost');
  const id = url.searchParams.get('replay');
  return url.pathname.startsWith(`${dynamicRouteBases.anchorReplay}/`) && id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
}

/** The header's replay tab: the replay list with the spec's ?replay=1 flag. */
export const replayTabPath = `${siteRoutes.liveMatchesReplay}?replay=1`;

/** A game's page; the game's address is one path segment. */
export function gameDetailPath(gameUrl: string): string {
  return `${dynamicRouteBases.gameDetail}/${encodeURIComponent(gameUrl)}`;
}

/** A site page (1 about us, 2 contact, 3 feedback: `siteRoutes.feedback`). */
export function aboutPagePath(pageId: PathId): string {
  return `${dynamicRouteBases.about}/${pageId}`;
}

/** A privacy policy. */
export function privacyPolicyPath(policyId: PathId): string {
  return `${dynamicRouteBases.privacy}/${policyId}`;
}

/** A user agreement, as linked from `channel` (the site or an app). */
export function userAgreementPath(agreementId: PathId, channel: string): string {
  return `${dynamicRouteBases.protocol}/${agreementId}/${encodeURIComponent(channel)}`;
}

/** A team's page; without an id, /teamInfo lists every team. */
export function teamInfoPath(teamId: PathId): string {
  return `${siteRoutes.teamInfo}?id=${teamId}`;
}

/** The search results for a keyword. */
export function searchResultsPath(keyword: string): string {
  return `${siteRoutes.keysearch}?keyword=${encodeURIComponent(keyword)}`;
}

/** The sandbox payment provider's hosted checkout of a recharge order (docs/recharge.md). */
export function sandboxCheckoutPath(orderId: PathId): string {
  return `${dynamicRouteBases.sandboxCheckout}/${orderId}`;
}

/** Where a checkout returns to: the recharge records with the order just paid (or not) on top. */
export function rechargeReturnPath(orderId: number): string {
  return `${siteRoutes.rechargeHistory}?order=${orderId}`;
}

/** Live management opened on the summary of a live that just ended (End live leads there). */
export function liveSummaryPath(liveId: number): string {
  return `${siteRoutes.liveManagement}?ended=${liveId}`;
}

/** One account's page in the operator console. */
export function adminPersonPath(userId: PathId): string {
  return `${adminRoutes.people}/${userId}`;
}

/** The console's audit log with its filters (actor id, action, target id) and page. */
export function adminAuditPath(filters: { actor?: number; action?: string; target?: string; page?: number }): string {
  const { actor, action, target, page } = filters;
  return consoleListPath(adminRoutes.audit, { actor, action, target, page: laterPage(page) });
}
