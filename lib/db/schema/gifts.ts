// Gifts (spec §3 gift message, §4 combo): the catalogue a brand's viewers send from, and one small row per
// (sender, anchor, gift) that carries the running combo, so a combo is never computed by scanning the ledger.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/locales';
import { users } from './users';

export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    /** The brand that offers it; null: every brand. */
    brandId: text('brand_id'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    /** Price of one, in hundredths of `currency`. */
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency').$type<'diamond' | 'gold'>().notNull(),
    /** Path of the icon under public/ (a small SVG of our own). */
    icon: text('icon').notNull(),
    /** The Lottie animation's key: public/animations/gifts/<key>.json. */
    animation: text('animation').notNull(),
    /** Spec §3 animat_type: 1 a Lottie animation over the video, 0 none (chat line only). */
    animatType: integer('animat_type').notNull().default(1),
    /** How long the animation plays, in milliseconds (spec §9 default 5000). */
    durationMs: integer('duration_ms').notNull().default(5000),
    /** Whether repeated sends within the combo window add up on one line (spec §4 gift combo). */
    combo: boolean('combo').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('gifts_brand_idx').on(table.brandId, table.sortOrder),
    check('gifts_price_positive', sql`${table.price} > 0`),
    check('gifts_currency', sql`${table.currency} IN ('diamond', 'gold')`),
  ],
);
export type GiftRow = typeof gifts.$inferSelect;

/** The running combo of one sender's gift to one anchor: `hit` grows while sends come within the window. */
export const giftCombos = pgTable(
  'gift_combos',
  {
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    anchorId: bigint('anchor_id', { mode: 'number' }).notNull(),
    giftId: integer('gift_id').notNull(),
    hit: bigint('hit', { mode: 'number' }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.senderId, table.anchorId, table.giftId] })],
);
