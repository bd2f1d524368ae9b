import 'server-only';
// Cached reads behind the news pages and the news blocks of other pages (home, a match's reports).
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { getNewsArticle, listNews } from '@/lib/server/news/queries';
import type { NewsDetail } from '@/lib/validation/news';
import { pageTags } from './cache-tags';
import { cacheSeconds } from './lifetimes';
import { readMatchLifecycles } from './match-lifecycles';

export type NewsPageQuery = { brandId: string; locale: Locale; page: number; size: number; tag?: string; matchId?: number };

export const readNewsPage = unstable_cache(
  async ({ brandId, locale, page, size, tag, matchId }: NewsPageQuery) => listNews(await getDb(), { brandId, locale, page, size, tag, matchId }),
  ['news-page'],
  { revalidate: cacheSeconds.settled, tags: [pageTags.news] },
);

export const readNewsArticle = unstable_cache(
  async (id: number, brandId: string, locale: Locale) => getNewsArticle(await getDb(), id, { brandId, locale }),
  ['news-article'],
  { revalidate: cacheSeconds.settled, tags: [pageTags.news] },
);

/** The page of an article: the article and, when it reports on a match, that match's page. */
export async function readArticlePage(article: NewsDetail) {
  const matchPath = article.matchId !== null ? ((await readMatchLifecycles()).get(article.matchId)?.path ?? null) : null;
  return { article, matchPath };
}
