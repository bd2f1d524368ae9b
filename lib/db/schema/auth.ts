// Sign-in proofs (SMS codes, phone verifications, slide captchas) and the balances shown on the user card.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const smsCodePurposes = ['login', 'reset'] as const;
export type SmsCodePurpose = (typeof smsCodePurposes)[number];

/** One row per code sent. The code itself is never stored: only an HMAC keyed by the server secret. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose', { enum: smsCodePurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    failedTries: integer('failed_tries').notNull().default(0),
    requestIp: text('request_ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    // Set after too many wrong tries, or when a newer code replaces this one.
    voidedAt: timestamp('voided_at', { withTimezone: true }),
  },
  (table) => [index('sms_codes_mobile_idx').on(table.mobile, table.purpose, table.createdAt)],
);
export type SmsCode = typeof smsCodes.$inferSelect;

export const phoneVerificationPurposes = ['register', 'reset'] as const;
export type PhoneVerificationPurpose = (typeof phoneVerificationPurposes)[number];

/**
 * The spec's `mobile_hash`: a single-use proof that a phone number passed an SMS code check,
 * handed out by login (unknown phone → register) and readyForTakeOff (→ forgetPwdHash). Stored hashed.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    mobile: text('mobile').notNull(),
    purpose: text('purpose', { enum: phoneVerificationPurposes }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('phone_verifications_token_hash_key').on(table.tokenHash)],
);
export type PhoneVerification = typeof phoneVerifications.$inferSelect;

/** A slide captcha: where the piece belongs, one verification attempt, then one password login. */
export const captchaChallenges = pgTable(
  'captcha_challenges',
  {
    id: text('id').primaryKey(),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    solvedAt: timestamp('solved_at', { withTimezone: true }),
    // Set when a password login spends the solved captcha.
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('captcha_challenges_created_idx').on(table.createdAt)],
);
export type CaptchaChallenge = typeof captchaChallenges.$inferSelect;

/**
 * Each account's balances in hundredths (spec §3: diamond shown /100 as gems, gold /100 as diamonds).
 * Created with the account; the wallet's ledger changes them inside its own transactions.
 */
export const userBalances = pgTable(
  'user_balances',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    diamond: bigint('diamond', { mode: 'number' }).notNull().default(0),
    gold: bigint('gold', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('user_balances_diamond_not_negative', sql`${table.diamond} >= 0`),
    check('user_balances_gold_not_negative', sql`${table.gold} >= 0`),
  ],
);
export type UserBalances = typeof userBalances.$inferSelect;
