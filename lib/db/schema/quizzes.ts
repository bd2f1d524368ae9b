// Quizzes (spec §3 quiz, §4 statuses and bet results): an anchor's A/B question on their live, its bets, and each
// user's stake per day (the daily cap). Stakes sit on the quiz's pool account in the ledger (docs/quizzes.md).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { betResults, matchMarkets, quizOptions, quizStatuses } from '../../validation/quiz-constants';
import { users } from './users';

export const quizzes = pgTable(
  'quizzes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anchorId: bigint('anchor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    liveId: bigint('live_id', { mode: 'number' }).notNull(),
    question: text('question').notNull(),
    optionA: text('option_a').notNull(),
    optionB: text('option_b').notNull(),
    /** Hundredths of gold. */
    minBet: bigint('min_bet', { mode: 'number' }).notNull(),
    /** Bets are refused from this instant on (to the millisecond, by the database clock). */
    closeAt: timestamp('close_at', { withTimezone: true, precision: 3 }).notNull(),
    /** `in_progress` is shown as `to_be_drawn` once closeAt has passed. */
    status: text('status', { enum: quizStatuses }).notNull().default('not_started'),
    winner: text('winner', { enum: quizOptions }),
    /** A quiz that follows a match event settles itself from the feed (docs/quizzes.md). */
    matchId: integer('match_id'),
    market: text('market', { enum: matchMarkets }),
    /** over_under: the goals line in tenths (25 = 2.5 goals). */
    lineTenths: integer('line_tenths'),
    /** Fixed at the draw: the pool, the house cut and what winners share, so every chunk pays by the same numbers. */
    pool: bigint('pool', { mode: 'number' }),
    houseCut: bigint('house_cut', { mode: 'number' }),
    winningStake: bigint('winning_stake', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    /** Set once every payout or refund of the draw, cancellation or void has been posted. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    index('quizzes_live_idx').on(table.liveId, table.id),
    index('quizzes_anchor_idx').on(table.anchorId, table.id),
    index('quizzes_status_idx').on(table.status, table.closeAt),
    index('quizzes_match_idx').on(table.matchId).where(sql`${table.matchId} IS NOT NULL`),
    check('quizzes_min_bet_positive', sql`${table.minBet} > 0`),
  ],
);
export type Quiz = typeof quizzes.$inferSelect;

export const quizBets = pgTable(
  'quiz_bets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    quizId: bigint('quiz_id', { mode: 'number' })
      .notNull()
      .references(() => quizzes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    option: text('option', { enum: quizOptions }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    result: text('result', { enum: betResults }).notNull().default('to_be_calculated'),
    /** What the bet was paid back (winnings or refund), hundredths. */
    payout: bigint('payout', { mode: 'number' }).notNull().default(0),
    /** The ledger transaction of the stake. */
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('quiz_bets_quiz_idx').on(table.quizId, table.result, table.id),
    // A bettor's bets in one quiz (their guessSettled totals, their reversal after a cancelled draw).
    index('quiz_bets_quiz_user_idx').on(table.quizId, table.userId),
    index('quiz_bets_user_idx').on(table.userId, table.id),
    // The anchor centre's daily rollup reads a day's stakes.
    index('quiz_bets_created_idx').on(table.createdAt),
    check('quiz_bets_amount_positive', sql`${table.amount} > 0`),
    check('quiz_bets_payout_not_negative', sql`${table.payout} >= 0`),
  ],
);
export type QuizBet = typeof quizBets.$inferSelect;

/** What a user staked on one UTC day: the cap is guarded in the same statement that adds to it. */
export const quizDailyStakes = pgTable(
  'quiz_daily_stakes',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    staked: bigint('staked', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
