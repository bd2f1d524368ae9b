// How long the public pages and their data may be served from cache, in seconds: short while a match can
// change, longer once it cannot. A change the bus announces (a live starting or ending, a replay, a score) purges
// the pages that show it at once (freshness.ts); these lifetimes bound what no event covers (heat, a lost event).
// Route files repeat these values as literals (Next needs `export const revalidate` to be statically analysable);
// keep them in step.
export const cacheSeconds = {
  /** Live matches and everything that shows their score or clock (home, schedule, World Cup, a live match). */
  live: 10,
  /** A match that kicks off more than two hours from now; listings of upcoming fixtures. */
  fixture: 60,
  /** Finished matches, articles, notices, activities, banners, sitemaps. */
  settled: 300,
  /** Help, about, legal and download pages. */
  reference: 3600,
} as const;
