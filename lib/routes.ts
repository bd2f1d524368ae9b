// The spec's route table (§2.2): every page's path and its name in the message catalogues.
export const siteRoutes = {
  home: '/home',
  liveMatches: '/liveMatches',
  liveMatchesReplay: '/liveMatchesReplay',
  schedule: '/schedule',
  news: '/news',
  activity: '/activity',
  mall: '/mall',
  notice: '/notice',
  worldCup: '/worldCup',
  privateChat: '/user-center/privateChat',
  schedulePreview: '/schedule-preview',
  ranking: '/ranking',
  game: '/game',
  voucher: '/user-center/voucher',
  checkin: '/user-center/checkin',
  download: '/download',
  feedback: '/about/3',
  keysearch: '/keysearch',
  applyAnchor: '/user-center/apply-anchor',
  userCenter: '/user-center/index',
  focus: '/user-center/focus',
  lottery: '/lottery',
  liveManagement: '/user-center/live-management',
  liveRoomSettings: '/user-center/live-room-settings',
} as const;

/** Live management opened on the summary of a live that just ended (End live leads there). */
export function liveSummaryPath(liveId: number): string {
  return `${siteRoutes.liveManagement}?ended=${liveId}`;
}

/** An anchor's replays, newest first. */
export function anchorReplaysPath(anchorId: number): string {
  return `/anchorReplay/${anchorId}`;
}
