// The /ranking page's address: /ranking?board=users&period=week. Anything else falls back to anchors, today.
import { siteRoutes } from '@/lib/routes';
import { rankingPeriods, talentBoards, type RankingPeriod, type TalentBoard } from '@/lib/validation/ranking-constants';

export type RankingQuery = { board: TalentBoard; period: RankingPeriod };

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

function oneOf<T extends string>(values: readonly T[], value: string | undefined, fallback: T): T {
  return values.find((candidate) => candidate === value) ?? fallback;
}

export function parseRankingQuery(params: Record<string, string | string[] | undefined>): RankingQuery {
  return { board: oneOf(talentBoards, single(params.board), 'anchors'), period: oneOf(rankingPeriods, single(params.period), 'day') };
}

export function rankingHref(query: RankingQuery): string {
  const params = new URLSearchParams();
  if (query.board !== 'anchors') params.set('board', query.board);
  if (query.period !== 'day') params.set('period', query.period);
  const search = params.toString();
  return search ? `${siteRoutes.ranking}?${search}` : siteRoutes.ranking;
}
