// The tags on the public pages' cached data (docs/match-pages.md, "Caching"). A page rendered from a tagged
// reader carries its tags too, so purging a tag (lib/server/public-pages/freshness.ts) makes the next visitor's
// page render afresh from the database instead of being served stale.
export const pageTags = {
  /** Which rooms are on air and how (live list, home's hot anchors, anchor pages, a match's room tab, search). */
  lives: 'lives',
  /** Replay lists and counts. */
  replays: 'replays',
  /** Lists showing several matches' scores and states (home, schedule, schedule preview, World Cup, live cards, search). */
  matchLists: 'match-lists',
  /** Help, about, legal, download pages and the licences, which operators edit in the console. */
  sitePages: 'site-pages',
  /** News lists and articles (news pages, home's news, a match's reports), which operators edit and schedule. */
  news: 'news',
} as const;

/** One match's own data (its page). */
export const matchTag = (matchId: number) => `match:${matchId}`;
