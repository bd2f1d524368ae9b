// The talent list (spec §2.2 /ranking, shown when the brand's talent_list_status is 1): anchors by income, fans
// by spending, per period. Addressed by its query; rendered per request from a list cached for 10 seconds.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseRankingQuery, rankingHref } from '@/components/ranking/ranking-query';
import { RankingView } from '@/components/ranking/ranking-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { pageMetadata } from '@/lib/seo/metadata';
import { readTalentListPage } from '@/lib/server/public-pages/ranking-page';

type RankingProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: RankingProps): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'ranking.page' });
  const query = parseRankingQuery(await searchParams);
  return pageMetadata({ brand, brandName, locale, path: rankingHref(query), title: t('title'), description: t('description', { brand: brandName }) });
}

export default async function RankingPage({ params, searchParams }: RankingProps) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const query = parseRankingQuery(await searchParams);
  const page = await readTalentListPage(brand.id, query.board, query.period);
  return <RankingView brandName={brandName} locale={locale} query={query} list={page.shown ? page.list : null} />;
}
