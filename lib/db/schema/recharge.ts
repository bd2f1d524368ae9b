// Recharge (docs/recharge.md): the packages a brand sells, the orders users place with a payment provider, and
// every provider event received (one row per provider and event id: the deduplication of callbacks).
// Orders and events keep the user's id without a foreign key, as the ledger does: money records outlive accounts.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orderStatuses, paymentProviders } from '../../validation/recharge-constants';

/** A package: a fiat price (integer minor units of `currency`) buying `diamond` gems plus a `bonus`, both in hundredths. */
export const rechargePackages = pgTable(
  'recharge_packages',
  {
    id: serial('id').primaryKey(),
    brandId: text('brand_id').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    diamond: bigint('diamond', { mode: 'number' }).notNull(),
    bonus: bigint('bonus', { mode: 'number' }).notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recharge_packages_brand_idx').on(table.brandId, table.sortOrder),
    check('recharge_packages_amounts', sql`${table.priceMinor} > 0 AND ${table.diamond} > 0 AND ${table.bonus} >= 0`),
  ],
);
export type RechargePackage = typeof rechargePackages.$inferSelect;

/** An order keeps a snapshot of its package: a package changed later does not change what was bought. */
export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    brandId: text('brand_id').notNull(),
    packageId: integer('package_id').notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    diamond: bigint('diamond', { mode: 'number' }).notNull(),
    bonus: bigint('bonus', { mode: 'number' }).notNull(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    /** The provider's checkout (a Stripe Checkout Session id); empty until the checkout exists. */
    checkoutRef: text('checkout_ref').notNull().default(''),
    /** The provider's payment (a Stripe PaymentIntent, an Alipay trade number): refunds and disputes name it. */
    paymentRef: text('payment_ref'),
    status: text('status', { enum: orderStatuses }).notNull().default('pending'),
    /** A refund or dispute that arrived before the payment: applied as soon as the payment is. */
    pendingReversal: text('pending_reversal', { enum: ['refunded', 'disputed'] }),
    /** What the user owed from an earlier reversal and this order paid off, in hundredths. */
    debtPaid: bigint('debt_paid', { mode: 'number' }).notNull().default(0),
    /** What a reversal could not take back from the wallet and booked as debt, in hundredths. */
    debtBooked: bigint('debt_booked', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('recharge_orders_user_idx').on(table.userId, table.id),
    uniqueIndex('recharge_orders_payment_ref_idx').on(table.provider, table.paymentRef),
  ],
);
export type RechargeOrder = typeof rechargeOrders.$inferSelect;

export const rechargeEventOutcomes = ['applied', 'deferred', 'duplicate', 'refused', 'ignored'] as const;
export type RechargeEventOutcome = (typeof rechargeEventOutcomes)[number];

/** Every verified callback, once: a second delivery of the same provider event id finds its row and does nothing. */
export const rechargeEvents = pgTable(
  'recharge_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider', { enum: paymentProviders }).notNull(),
    eventId: text('event_id').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    outcome: text('outcome', { enum: rechargeEventOutcomes }).notNull(),
    /** Why an event was refused or ignored (a wrong amount, an unknown order, a status that cannot go back). */
    reason: text('reason').notNull().default(''),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('recharge_events_provider_event_idx').on(table.provider, table.eventId), index('recharge_events_order_idx').on(table.orderId)],
);
export type RechargeEvent = typeof rechargeEvents.$inferSelect;
