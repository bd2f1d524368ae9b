// Search (spec §2.2 /keysearch?keyword=): teams, their matches and news. Renders per request (the keyword
// is in the query) from cached results (a minute); kept out of search engines' indexes.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SearchResultsView } from '@/components/matches/search-results-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { searchKeywordLimits } from '@/lib/search-keyword';
import { readKeywordResults } from '@/lib/server/public-pages/match-pages';
import { hideSearchResults } from '@/lib/server/public-pages/spoiler-free';

type SearchProps = { params: Promise<LocaleParams>; searchParams: Promise<{ keyword?: string | string[] }> };

async function keywordOf(searchParams: SearchProps['searchParams']): Promise<string> {
  const { keyword } = await searchParams;
  return typeof keyword === 'string' ? keyword.trim() : '';
}

export async function generateMetadata({ params, searchParams }: SearchProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'matchCentre.search' });
  const keyword = await keywordOf(searchParams);
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: siteRoutes.keysearch,
    title: keyword ? t('titleFor', { keyword: [...keyword].slice(0, searchKeywordLimits.latin).join('') }) : t('title'),
    description: t('description', { brand: brandName }),
    noIndex: true,
  });
}

export default async function KeysearchPage({ params, searchParams }: SearchProps) {
  const { brand, locale, spoilerFree } = await resolvePageContext(params);
  const keyword = await keywordOf(searchParams);
  const results = await readKeywordResults(keyword, brand.id, locale);
  return <SearchResultsView locale={locale} results={spoilerFree ? await hideSearchResults(results, locale) : results} />;
}
