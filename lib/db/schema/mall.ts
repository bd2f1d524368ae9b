// The mall (spec §2.2 /mall): what each brand sells for its currencies (props, viewing tickets, VIP periods), and
// each user's VIP membership. Purchases themselves are ledger movements (lib/server/mall/buy.ts).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { LocalizedText } from '../../i18n/locales';
import { users } from './users';

export const mallItemKinds = ['item', 'vip'] as const;
export type MallItemKind = (typeof mallItemKinds)[number];

export const mallItems = pgTable(
  'mall_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: text('brand_id').notNull(),
    kind: text('kind', { enum: mallItemKinds }).notNull(),
    /** kind item: the backpack item type and props id (0 when the type has no variants). */
    itemType: integer('item_type'),
    propsId: integer('props_id').notNull().default(0),
    /** kind vip: the level bought and the days one purchase adds. */
    vipLevel: integer('vip_level'),
    periodDays: integer('period_days'),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    icon: text('icon').notNull().default(''),
    /** Hundredths of `currency` for one unit (one pack, one period). */
    price: bigint('price', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: ['diamond', 'gold'] }).notNull(),
    /** Items one unit puts in the backpack (a pack of 5 tickets). */
    quantity: integer('quantity').notNull().default(1),
    /** Units left; null = unlimited. Only ever lowered by a guarded UPDATE (`stock >= n`). */
    stock: integer('stock'),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mall_items_brand_idx').on(table.brandId, table.sortOrder),
    check('mall_items_stock_not_negative', sql`${table.stock} IS NULL OR ${table.stock} >= 0`),
    check('mall_items_price_positive', sql`${table.price} > 0 AND ${table.quantity} > 0`),
    check(
      'mall_items_kind_fields',
      sql`(${table.kind} = 'item' AND ${table.itemType} IS NOT NULL) OR (${table.kind} = 'vip' AND ${table.vipLevel} BETWEEN 1 AND 3 AND ${table.periodDays} > 0)`,
    ),
  ],
);
export type MallItem = typeof mallItems.$inferSelect;

/** One row per member: the level held and when it ends. `users.vip_level` follows it in the same transaction. */
export const vipMemberships = pgTable(
  'vip_memberships',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    level: integer('level').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('vip_memberships_expires_idx').on(table.expiresAt)],
);
export type VipMembership = typeof vipMemberships.$inferSelect;
