import 'server-only';
// The rankings as rows (used without Redis): an upsert adds to a bucket's total in place, the index on
// (board, period, score desc, member) serves the top N and a member's rank.
import { and, asc, desc, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { rankingScores } from '@/lib/db/schema';
import type { ProcessThrottle } from './memory-throttle';
import { expiredBefore } from './periods';
import { mergeIncrements, type RankingStore } from './store';

export function createTableStore(db: Db, throttle: ProcessThrottle): RankingStore {
  return {
    kind: 'table',
    async add(increments, periodKeys) {
      const rows = mergeIncrements(increments)
        .filter((increment) => increment.score !== 0)
        .flatMap((increment) => periodKeys.map((period) => ({ board: increment.board, period, member: increment.member, score: increment.score })))
        // One order for every writer: two records touching the same rows lock them in the same order, never a deadlock.
        .sort((a, b) => (a.board < b.board ? -1 : a.board > b.board ? 1 : a.period < b.period ? -1 : a.period > b.period ? 1 : a.member - b.member));
      if (rows.length === 0) return;
      await db
        .insert(rankingScores)
        .values(rows)
        .onConflictDoUpdate({
          target: [rankingScores.board, rankingScores.period, rankingScores.member],
          set: { score: sql`${rankingScores.score} + excluded.score` },
        });
    },
    async top(board, periodKey, limit) {
      return db
        .select({ member: rankingScores.member, score: rankingScores.score })
        .from(rankingScores)
        .where(and(eq(rankingScores.board, board), eq(rankingScores.period, periodKey)))
        .orderBy(desc(rankingScores.score), asc(rankingScores.member))
        .limit(limit);
    },
    async standing(board, periodKey, member) {
      const bucket = and(eq(rankingScores.board, board), eq(rankingScores.period, periodKey));
      const [own] = await db.select({ score: rankingScores.score }).from(rankingScores).where(and(bucket, eq(rankingScores.member, member)));
      if (!own) return null;
      const [ahead] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(rankingScores)
        .where(and(bucket, or(gt(rankingScores.score, own.score), and(eq(rankingScores.score, own.score), lt(rankingScores.member, member)))));
      return { rank: Number(ahead?.count ?? 0) + 1, score: own.score };
    },
    claim: throttle.claim,
    replaceLast: throttle.replaceLast,
  };
}

/** Drops the day and week buckets that are over (Redis lets its keys expire instead). */
export async function pruneRankingTable(db: Db, now = new Date()): Promise<void> {
  const before = expiredBefore(now);
  await db
    .delete(rankingScores)
    .where(
      or(
        and(sql`${rankingScores.period} like 'd:%'`, lt(rankingScores.period, before.day)),
        and(sql`${rankingScores.period} like 'w:%'`, lt(rankingScores.period, before.week)),
      ),
    );
}
