import 'server-only';
// The /ranking page's data: a talent list's first page, the same for every visitor and cached for 10 seconds
// (gifts move it constantly; a visitor's own place is read by the browser), or nothing when the brand hides it.
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import { rankingStoreFor } from '@/lib/server/rankings';
import { talentListShown } from '@/lib/server/rankings/lists';
import { readAnchorRanking, readRanking } from '@/lib/server/rankings/read';
import type { AnchorRankingRow, RankingRow } from '@/lib/validation/ranking';
import type { RankingPeriod, TalentBoard } from '@/lib/validation/ranking-constants';
import { cacheSeconds } from './lifetimes';

export type TalentListPage = { shown: false } | { shown: true; list: RankingRow[] | AnchorRankingRow[] };

const readTalentList = unstable_cache(
  async (board: TalentBoard, period: RankingPeriod): Promise<RankingRow[] | AnchorRankingRow[]> => {
    const db = await getDb();
    const store = rankingStoreFor(db);
    const page = board === 'anchors' ? await readAnchorRanking(db, store, period, undefined) : await readRanking(db, store, 'users', period, undefined);
    return page.list;
  },
  ['ranking-talent-list'],
  { revalidate: cacheSeconds.live },
);

export async function readTalentListPage(brandId: string, board: TalentBoard, period: RankingPeriod): Promise<TalentListPage> {
  if (!(await talentListShown(await getDb(), brandId))) return { shown: false };
  return { shown: true, list: await readTalentList(board, period) };
}
