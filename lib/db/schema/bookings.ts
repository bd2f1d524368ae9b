// Bookings (docs/bookings.md): a match or a planned live a user wants to be told about when it starts, and the
// per-user switch for "an anchor you follow is live". `notifiedAt` is set by the one job run that told the user.
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { bookingKinds } from '../../validation/booking-constants';
import { users } from './users';

export const bookings = pgTable(
  'bookings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: bookingKinds }).notNull(),
    /** A match id, or a live plan id. */
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  // The notify job looks only at bookings not yet told: a partial index keeps its scan to those.
  (table) => [
    primaryKey({ columns: [table.userId, table.kind, table.targetId] }),
    index('bookings_waiting_idx').on(table.kind, table.targetId).where(sql`${table.notifiedAt} IS NULL`),
  ],
);

/** What a user wants to hear about; a missing row means the defaults (every notice on). */
export const noticeSettings = pgTable('notice_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  followedLive: boolean('followed_live').notNull().default(true),
});

/** Lives whose followers were told they started (once, whichever process claims it). */
export const liveStartNotices = pgTable('live_start_notices', {
  liveId: bigint('live_id', { mode: 'number' }).primaryKey(),
  anchorId: bigint('anchor_id', { mode: 'number' }).notNull(),
  notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull().defaultNow(),
});
