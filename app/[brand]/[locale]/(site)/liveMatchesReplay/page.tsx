// Live replays (spec §2.2 /liveMatchesReplay; the header link adds ?replay=1): recordings of finished lives by
// sport, newest first, each playable with seeking. Rendered per request from data cached for a minute.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CategoryNav } from '@/components/live/category-nav';
import { listHref, parseListQuery, replayPageSize } from '@/components/live/list-query';
import { ReplayListView } from '@/components/live/replay-list-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readLiveCategories, readReplayList } from '@/lib/server/public-pages/live-pages';
import { hideCardScores } from '@/lib/server/public-pages/spoiler-free';

type ReplayProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const path = siteRoutes.liveMatchesReplay;

export async function generateMetadata({ params, searchParams }: ReplayProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'player.replays' });
  const query = parseListQuery(await searchParams);
  return pageMetadata({ brand, brandName, locale, path: listHref(path, { ...query, child: 0 }), title: t('title'), description: t('description', { brand: brandName }) });
}

export default async function LiveMatchesReplayPage({ params, searchParams }: ReplayProps) {
  const { locale, spoilerFree } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'player.replays' });
  // Replays are filed by sport only: the secondary categories are not offered here.
  const query = { ...parseListQuery(await searchParams), child: 0 };
  const [categories, { list, total }] = await Promise.all([
    readLiveCategories(locale),
    readReplayList({ anchorId: 0, categoryId: query.category, page: query.page, size: replayPageSize, locale }),
  ]);
  return (
    <ReplayListView
      locale={locale}
      title={t('title')}
      lead={t('lead', { count: total })}
      above={<CategoryNav path={path} categories={categories.map((category) => ({ ...category, second_category: [] }))} query={query} allLabel={t('all')} />}
      replays={spoilerFree ? hideCardScores(list) : list}
      total={total}
      page={query.page}
      hrefFor={(page) => listHref(path, { ...query, page })}
      showAnchor
    />
  );
}
