import 'server-only';
// Reading a ranking: the top rows from the store, the members' names and badges in one query, and the caller's
// own place.
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { liveStatusOf, openLivesByAnchor } from '@/lib/server/live-state/state';
import type { AnchorRankingRow, RankingMine, RankingRow } from '@/lib/validation/ranking';
import { rankingPageSize, type RankingPeriod } from '@/lib/validation/ranking-constants';
import { periodKeys } from './periods';
import type { RankingBoard, RankingStore } from './store';

export type RankingPage<Row> = { list: Row[]; mine: RankingMine };

/** The board's top rows with who they are; members whose account is gone are left out. */
export async function readTopRows(db: Db, store: RankingStore, board: RankingBoard, period: RankingPeriod, now: Date): Promise<RankingRow[]> {
  const top = await store.top(board, periodKeys(now)[period], rankingPageSize);
  if (top.length === 0) return [];
  const members = await db
    .select({ id: users.id, nickName: users.nickName, avatar: users.avatar, level: users.level, vipLevel: users.vipLevel })
    .from(users)
    .where(inArray(users.id, top.map((row) => row.member)));
  const byId = new Map(members.map((member) => [member.id, member]));
  return top.flatMap((row, index) => {
    const member = byId.get(row.member);
    if (!member) return [];
    return [{ rank: index + 1, user_id: member.id, nick_name: member.nickName, avatar: member.avatar, level: member.level, vip_level: member.vipLevel, score: row.score }];
  });
}

async function mineOf(store: RankingStore, board: RankingBoard, period: RankingPeriod, list: readonly RankingRow[], viewerId: number | undefined, now: Date): Promise<RankingMine> {
  if (viewerId === undefined) return null;
  const shown = list.find((row) => row.user_id === viewerId);
  if (shown) return { rank: shown.rank, score: shown.score };
  return (await store.standing(board, periodKeys(now)[period], viewerId)) ?? { rank: 0, score: 0 };
}

export async function readRanking(db: Db, store: RankingStore, board: RankingBoard, period: RankingPeriod, viewerId: number | undefined, now = new Date()): Promise<RankingPage<RankingRow>> {
  const list = await readTopRows(db, store, board, period, now);
  return { list, mine: await mineOf(store, board, period, list, viewerId, now) };
}

/** Anchors by income, each with whether they are live now and the room to open. */
export async function readAnchorRanking(db: Db, store: RankingStore, period: RankingPeriod, viewerId: number | undefined, now = new Date()): Promise<RankingPage<AnchorRankingRow>> {
  const page = await readRanking(db, store, 'anchors', period, viewerId, now);
  const open = await openLivesByAnchor(db, page.list.map((row) => row.user_id));
  return { ...page, list: page.list.map((row) => ({ ...row, live_status: liveStatusOf(open.get(row.user_id)), room_id: row.user_id })) };
}
