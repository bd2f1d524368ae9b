import 'server-only';
// The pages a brand's sitemap lists: the fixed public pages, every match and team, every published article and
// activity. Cached per brand for 5 minutes, so a crawler asking again costs nothing.
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import { getBrand } from '@/lib/brand/registry';
import { aboutPagePath, siteRoutes } from '@/lib/routes';
import { listActivities } from '@/lib/server/content/activities';
import { listMatchesForSitemap } from '@/lib/server/matches/queries';
import { listTeamPathsForSitemap } from '@/lib/server/matches/teams';
import { listNewsForSitemap } from '@/lib/server/news/queries';
import { sitemapXml, type SitemapPage } from '@/lib/seo/sitemap';
import { cacheSeconds } from './lifetimes';

const fixedPages: SitemapPage[] = [
  { path: siteRoutes.home, changeFrequency: 'always', priority: 1 },
  { path: siteRoutes.schedule, changeFrequency: 'always', priority: 0.9 },
  { path: siteRoutes.worldCup, changeFrequency: 'hourly', priority: 0.9 },
  { path: siteRoutes.teamInfo, changeFrequency: 'weekly', priority: 0.5 },
  { path: siteRoutes.news, changeFrequency: 'hourly', priority: 0.8 },
  { path: siteRoutes.schedulePreview, changeFrequency: 'hourly', priority: 0.5 },
  { path: siteRoutes.notice, changeFrequency: 'daily', priority: 0.4 },
  { path: siteRoutes.activity, changeFrequency: 'daily', priority: 0.4 },
  { path: siteRoutes.help, changeFrequency: 'monthly', priority: 0.3 },
  { path: aboutPagePath(1), changeFrequency: 'monthly', priority: 0.2 },
  { path: aboutPagePath(2), changeFrequency: 'monthly', priority: 0.2 },
  { path: siteRoutes.certificate1, changeFrequency: 'monthly', priority: 0.2 },
  { path: siteRoutes.certificate2, changeFrequency: 'monthly', priority: 0.2 },
  { path: siteRoutes.feedback, changeFrequency: 'monthly', priority: 0.2 },
  { path: siteRoutes.download, changeFrequency: 'monthly', priority: 0.3 },
];

export async function sitemapPages(brandId: string): Promise<SitemapPage[]> {
  const db = await getDb();
  const [matchPages, teamPaths, articles, activities] = await Promise.all([
    listMatchesForSitemap(db),
    listTeamPathsForSitemap(db),
    listNewsForSitemap(db, brandId),
    listActivities(db, { brandId, locale: 'en-US' }),
  ]);
  return [
    ...fixedPages,
    ...matchPages.map((match) => ({ path: match.path, lastModified: match.updatedAt, changeFrequency: 'hourly' as const, priority: 0.7 })),
    ...teamPaths.map((path) => ({ path, changeFrequency: 'daily' as const, priority: 0.5 })),
    ...articles.map((article) => ({ path: article.path, locales: article.locales, lastModified: article.updatedAt, changeFrequency: 'weekly' as const, priority: 0.6 })),
    ...activities.map((activity) => ({ path: activity.path, changeFrequency: 'weekly' as const, priority: 0.3 })),
  ];
}

/** The sitemap of a brand (registry id), as XML. */
export const readSitemapXml = unstable_cache(
  async (brandId: string) => {
    const brand = getBrand(brandId);
    return brand ? sitemapXml(brand, await sitemapPages(brandId)) : null;
  },
  ['sitemap-xml'],
  { revalidate: cacheSeconds.settled },
);
