// Sign-in proofs: SMS codes, phone verifications, slide captchas.
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

