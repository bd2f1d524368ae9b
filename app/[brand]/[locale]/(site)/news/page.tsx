// News (spec §2.2 /news): articles by topic, 12 a page. Addressed by its query, so it renders per request,
// from cached data (5 minutes).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewsListView } from '@/components/news/news-list-view';
import { newsHref, newsPageSize, parseNewsQuery } from '@/components/news/news-query';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { pageMetadata } from '@/lib/seo/metadata';
import { readNewsPage } from '@/lib/server/public-pages/news-pages';
import { hideReports } from '@/lib/server/public-pages/spoiler-free';

type NewsProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: NewsProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const query = parseNewsQuery(await searchParams);
  const t = await getTranslations({ locale, namespace: 'articles.news' });
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: newsHref(query),
    title: query.page > 1 ? t('pageTitle', { page: query.page }) : t('title'),
    description: t('description', { brand: brandName }),
  });
}

export default async function NewsPage({ params, searchParams }: NewsProps) {
  const { brand, locale, spoilerFree } = await resolvePageContext(params);
  const query = parseNewsQuery(await searchParams);
  const { list, total } = await readNewsPage({ brandId: brand.id, locale, page: query.page, size: newsPageSize, tag: query.tag });
  return <NewsListView brand={brand} locale={locale} query={query} list={spoilerFree ? await hideReports(list, locale) : list} pages={Math.max(1, Math.ceil(total / newsPageSize))} />;
}
