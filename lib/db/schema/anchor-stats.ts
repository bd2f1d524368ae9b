// The anchor centre's figures (docs/anchor-stats.md): one row per anchor and UTC day, kept by the `anchor-stats` job
// from the ledger, tickets, quiz stakes and follows, so the charts read a handful of rows instead of the events.
import { bigint, date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export const anchorDailyStats = pgTable(
  'anchor_daily_stats',
  {
    anchorId: bigint('anchor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    /** The anchor's share of gifts, hundredths of each currency. */
    giftDiamond: bigint('gift_diamond', { mode: 'number' }).notNull().default(0),
    giftGold: bigint('gift_gold', { mode: 'number' }).notNull().default(0),
    /** Gift sends to the anchor. */
    gifts: integer('gifts').notNull().default(0),
    /** HD tickets viewers spent on the anchor's lives. */
    tickets: integer('tickets').notNull().default(0),
    /** Gold staked on the anchor's quizzes, hundredths. */
    quizStakes: bigint('quiz_stakes', { mode: 'number' }).notNull().default(0),
    newFollowers: integer('new_followers').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.anchorId, table.day] })],
);
export type AnchorDailyStats = typeof anchorDailyStats.$inferSelect;
