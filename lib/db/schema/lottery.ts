// The lottery (docs/lottery.md): the prize tables with relative weights and stock (a brand with prizes of its own draws
// from those, every other brand from the default table), and every draw with the ledger transaction that spent the
// chance and paid the prize.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../i18n/locales';
import { lotteryPrizeKinds } from '../../validation/lottery-constants';
import { users } from './users';

export const lotteryPrizes = pgTable(
  'lottery_prizes',
  {
    id: serial('id').primaryKey(),
    /** The brand whose table this prize belongs to; null: the default table. */
    brandId: text('brand_id'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    kind: text('kind', { enum: lotteryPrizeKinds }).notNull(),
    /** For `item`: the backpack item type (e.g. 105 a viewing ticket). */
    itemType: integer('item_type'),
    /** Hundredths for currencies, a count for items, 0 for nothing. */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** Relative: a prize's chance is its weight over the sum of the weights still in stock. */
    weight: integer('weight').notNull(),
    /** Null: unlimited. Taken one at a time by a guarded update, so it never goes below zero. */
    stock: integer('stock'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A brand's copy of a default prize: the default's id, so an edit naming the default finds the copy. */
    copiedFrom: integer('copied_from'),
  },
  (table) => [
    index('lottery_prizes_brand_idx').on(table.brandId, table.sortOrder),
    check('lottery_prizes_stock_not_negative', sql`${table.stock} >= 0`),
    check('lottery_prizes_weight_positive', sql`${table.weight} > 0`),
  ],
);
export type LotteryPrize = typeof lotteryPrizes.$inferSelect;

export const lotteryDraws = pgTable(
  'lottery_draws',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prizeId: integer('prize_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('lottery_draws_user_key').on(table.userId, table.idempotencyKey), index('lottery_draws_user_idx').on(table.userId, table.id)],
);
