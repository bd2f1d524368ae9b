// Live (spec §2.2 /liveMatches): category navigation and the rooms on air, busiest first. Addressed by its
// query, so it renders per request, from data cached for 10 seconds (heat moves).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { listHref, livePageSize, parseListQuery } from '@/components/live/list-query';
import { LiveListView } from '@/components/live/live-list-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readLiveCategories, readLiveList, readOnAirSignature } from '@/lib/server/public-pages/live-pages';
import { hideCardScores } from '@/lib/server/public-pages/spoiler-free';

type LiveMatchesProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: LiveMatchesProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'player.lists' });
  const query = parseListQuery(await searchParams);
  return pageMetadata({ brand, brandName, locale, path: listHref(siteRoutes.liveMatches, query), title: t('liveTitle'), description: t('liveDescription', { brand: brandName }) });
}

export default async function LiveMatchesPage({ params, searchParams }: LiveMatchesProps) {
  const { locale, spoilerFree } = await resolvePageContext(params);
  const query = parseListQuery(await searchParams);
  const [categories, { list, total }, onAir] = await Promise.all([
    readLiveCategories(locale),
    readLiveList({ categoryId: query.category, childCategoryId: query.child, page: query.page, size: livePageSize, locale }),
    readOnAirSignature(),
  ]);
  return <LiveListView locale={locale} categories={categories} query={query} list={spoilerFree ? hideCardScores(list) : list} total={total} onAir={onAir} />;
}
