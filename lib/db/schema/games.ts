// The games hub (docs/games.md): the games operators list, each brand's daily loss cap, every play with the ledger
// transactions that took its stake and paid it, each user's net loss per site-local day (the cap is guarded in the
// statement that adds to it), and each user's square on the board.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../i18n/locales';
import { gameKinds } from '../../validation/games-constants';
import { users } from './users';

/** An operator-listed game: /gameDetail/{slug} opens it; /sieve and /monopoly open the first of their kind. */
export const games = pgTable(
  'games',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    kind: text('kind', { enum: gameKinds }).notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    summary: jsonb('summary').$type<LocalizedText>().notNull(),
    /** The smallest and largest gold stake of one play, in hundredths. */
    minStake: bigint('min_stake', { mode: 'number' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'number' }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    uniqueIndex('games_slug_key').on(table.slug),
    check('games_stakes', sql`${table.minStake} > 0 AND ${table.maxStake} >= ${table.minStake}`),
  ],
);
export type Game = typeof games.$inferSelect;

/** Per brand: the most gold one user may lose in the games in a day (hundredths); a brand without a row gets the default. */
export const gameSettings = pgTable(
  'game_settings',
  {
    brandId: text('brand_id').primaryKey(),
    dailyLossCap: bigint('daily_loss_cap', { mode: 'number' }).notNull(),
  },
  (table) => [check('game_settings_cap_not_negative', sql`${table.dailyLossCap} >= 0`)],
);

/** What a play showed: the dice and the bet, or the board's roll and squares. */
export type PlayOutcome =
  | { kind: 'dice-guess'; dice: number[]; bet: 'big' | 'small' | 'total'; total?: number }
  | { kind: 'board'; roll: number; from: number; to: number; paid_with: 'gold' | 'chance' };

export const gamePlays = pgTable(
  'game_plays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Gold staked (0 for a roll paid with a chance) and gold paid back, in hundredths. */
    stake: bigint('stake', { mode: 'number' }).notNull(),
    payout: bigint('payout', { mode: 'number' }).notNull(),
    /** An item the play won (a board square), as `item:<type>` with its count. */
    prizeItemType: integer('prize_item_type'),
    prizeCount: integer('prize_count').notNull().default(0),
    outcome: jsonb('outcome').$type<PlayOutcome>().notNull(),
    /** The ledger transaction that took the stake (or the chance), and the one that paid, when anything was won. */
    stakeTransactionId: bigint('stake_transaction_id', { mode: 'number' }).notNull(),
    payoutTransactionId: bigint('payout_transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('game_plays_user_key').on(table.userId, table.idempotencyKey), index('game_plays_user_idx').on(table.userId, table.id)],
);
export type GamePlay = typeof gamePlays.$inferSelect;

/** Stakes minus payouts per user and site-local day: a stake is added only while the sum stays within the cap. */
export const gameDays = pgTable(
  'game_days',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    netLoss: bigint('net_loss', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** Where each user's token stands on the board (0 is Start); moved by one statement per roll. */
export const boardPositions = pgTable('board_positions', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
