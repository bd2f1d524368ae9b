// Accounts and their sign-in sessions.
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { consoleSubRoles, userRoles } from '../../validation/users';

// Roles are part of the user info the browser reads (lib/validation/users.ts).
export { consoleSubRoles, userRoles, type ConsoleSubRole, type UserRole } from '../../validation/users';

export const users = pgTable(
  'users',
  {
    // Public user ids start at 10000001 so they read like the product's account numbers.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mobile: text('mobile').notNull(),
    nickName: text('nick_name').notNull(),
    avatar: text('avatar').notNull().default(''),
    passwordHash: text('password_hash'),
    role: text('role', { enum: userRoles }).notNull().default('user'),
    level: integer('level').notNull().default(0),
    vipLevel: integer('vip_level').notNull().default(0),
    // Experience points: the progress inside the current level (spec §3 process/remainder).
    experience: integer('experience').notNull().default(0),
    sex: integer('sex').notNull().default(0),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    nicknameChangedAt: timestamp('nickname_changed_at', { withTimezone: true }),
    // Where the account came from (spec §3 registration payload): the host and the anchor whose room it was.
    regWebsite: text('reg_website').notNull().default(''),
    regDeviceInfo: text('reg_device_info').notNull().default(''),
    referrerAnchorId: bigint('referrer_anchor_id', { mode: 'number' }),
    regSource: text('reg_source').notNull().default('OFFICIAL'),
    brandId: text('brand_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // A narrower right in the operator console (docs/admin.md) for an account whose role is not `operator`;
    // null: none. The site role stays as it is, so a moderator keeps being a viewer or an anchor on the site.
    consoleRole: text('console_role', { enum: consoleSubRoles }),
    // A site-wide ban: set while banned; no expiry means until lifted. Sign-in refuses a banned account.
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banExpiresAt: timestamp('ban_expires_at', { withTimezone: true }),
    banReason: text('ban_reason'),
  },
  (table) => [uniqueIndex('users_mobile_key').on(table.mobile)],
);
export type User = typeof users.$inferSelect;

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the opaque token: a leaked table cannot be replayed.
    tokenHash: text('token_hash').notNull(),
    deviceId: text('device_id').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    // Idle expiry: a session unused for SESSION_IDLE_DAYS ends (updated at most every few minutes).
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    // Rotation: when the current token was issued, and the one it replaced, still accepted for a short grace
    // so requests already under way do not fail; presented later, it means a copy is in use and ends the session.
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }).notNull().defaultNow(),
    previousTokenHash: text('previous_token_hash'),
    previousValidUntil: timestamp('previous_valid_until', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_previous_token_hash_idx').on(table.previousTokenHash),
    index('sessions_user_idx').on(table.userId),
  ],
);
export type Session = typeof sessions.$inferSelect;
