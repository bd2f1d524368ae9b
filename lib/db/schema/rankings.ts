// Rankings kept as running totals (docs/rankings.md), used when no Redis is configured: one row per board,
// period bucket and member, incremented in place by an upsert, so reading a top list never scans the ledger.
import { bigint, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const rankingScores = pgTable(
  'ranking_scores',
  {
    /** `room:<anchor id>` (contribution by sender), `anchors` (income), `users` (spending). */
    board: text('board').notNull(),
    /** `d:<YYYY-MM-DD>`, `w:<YYYY-MM-DD of the Monday>` in the rankings' time zone, or `all`. */
    period: text('period').notNull(),
    member: bigint('member', { mode: 'number' }).notNull(),
    /** Hundredths of gems. */
    score: bigint('score', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.board, table.period, table.member] }),
    // Top N and a member's rank: highest score first, ties by the smaller member id.
    index('ranking_scores_top_idx').on(table.board, table.period, table.score.desc(), table.member),
  ],
);
export type RankingScoreRow = typeof rankingScores.$inferSelect;
