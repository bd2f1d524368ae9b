// Daily check-in (spec §3 check-in info, reward items): the reward of each day of the 7-day cycle, each user's checked
// days (one row per user per site-local day: the primary key is what makes one reward a day), and the retroactive
// check-ins used per month (the monthly limit, guarded in the statement that adds to it). docs/checkin.md.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What one day of the cycle gives; a day may give several rewards. Operators edit them with `ops checkin:day`. A brand
 * with rows of its own uses only those (its whole 7-day table); every other brand uses the default rows (brand null).
 */
export const checkinRewards = pgTable(
  'checkin_rewards',
  {
    id: serial('id').primaryKey(),
    /** The brand whose table this row belongs to; null: the default table. */
    brandId: text('brand_id'),
    cycleDay: integer('cycle_day').notNull(),
    /** Spec §3 reward type (lib/validation/checkin-constants.ts rewardTypes). */
    rewardType: integer('reward_type').notNull(),
    /** Experience points, hundredths of a currency, or a count of items. */
    quantity: bigint('quantity', { mode: 'number' }).notNull(),
    /** The backpack item of types 3–5. */
    itemType: integer('item_type'),
    propsId: integer('props_id').notNull().default(0),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [
    index('checkin_rewards_brand_day_idx').on(table.brandId, table.cycleDay, table.sortOrder),
    check('checkin_rewards_cycle_day', sql`${table.cycleDay} BETWEEN 1 AND 7`),
    check('checkin_rewards_type', sql`${table.rewardType} BETWEEN 0 AND 6`),
    check('checkin_rewards_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
export type CheckinReward = typeof checkinRewards.$inferSelect;

/** The rewards as granted, kept on the day so the history says what was given even after the table changes. */
export type GrantedReward = { reward_type: number; quantity: number; item_type: number | null; props_id: number };

export const checkinDays = pgTable(
  'checkin_days',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The day in the site's time zone (CHECKIN_TIME_ZONE). */
    day: date('day', { mode: 'string' }).notNull(),
    /** Consecutive checked days ending with this one (a retroactive day re-counts the days after it). */
    streak: integer('streak').notNull(),
    /** The day of the cycle the rewards were for (1–7); 0 for a retroactive day, which earns nothing. */
    cycleDay: integer('cycle_day').notNull(),
    retroactive: boolean('retroactive').notNull().default(false),
    rewards: jsonb('rewards').$type<GrantedReward[]>().notNull().default(sql`'[]'::jsonb`),
    /** The ledger movement of the rewards (or of a retroactive day's cost); null when only experience was given. */
    transactionId: bigint('transaction_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] }), check('checkin_days_streak_positive', sql`${table.streak} > 0`)],
);
export type CheckinDay = typeof checkinDays.$inferSelect;

/** Retroactive check-ins a user made in one month (YYYY-MM, site time zone). */
export const checkinRetroMonths = pgTable(
  'checkin_retro_months',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    month: text('month').notNull(),
    used: integer('used').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.month] })],
);
