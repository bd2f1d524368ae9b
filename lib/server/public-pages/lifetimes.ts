// How long the public pages and their data may be served from cache, in seconds. The live feed runs
// outside Next's request scope and cannot revalidate tags, so freshness is time-based: short while a
// match can change, longer once it cannot. Route files repeat these values as literals (Next needs
// `export const revalidate` to be statically analysable); keep them in step.
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
