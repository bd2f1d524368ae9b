// Live streaming: anchor applications, push keys, rooms, lives and planned lives, follows, HD grants, replays
// and watch history (docs/live.md). The backpack and wallet are in the ledger (ledger.ts).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { anchorApplicationStatuses, anchorContactTypes, livePlanStatuses, liveStates } from '../../validation/live';
import { users } from './users';

// The columns' vocabularies are defined with the replies that carry them (lib/validation/live.ts).
export {
  livePlanStatuses,
  liveStates,
  type LivePlanStatus,
  type LiveState,
} from '../../validation/live';

const userRef = (name: string) =>
  bigint(name, { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export { anchorApplicationStatuses, type AnchorApplicationStatus } from '../../validation/live';

/** One application per account (spec §3 anchor application); a failed one is resubmitted in place. */
export const anchorApplications = pgTable(
  'anchor_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef('user_id'),
    realName: text('real_name').notNull(),
    contactType: text('contact_type', { enum: anchorContactTypes }).notNull(),
    contact: text('contact').notNull(),
    idNumber: text('id_number').notNull(),
    // A file name under DATA_DIR/private/id-photos: never served publicly.
    idPhoto: text('id_photo').notNull(),
    profile: text('profile').notNull(),
    phone: text('phone').notNull(),
    introducer: text('introducer').notNull().default(''),
    status: text('status', { enum: anchorApplicationStatuses }).notNull().default('verifying'),
    rejectReason: text('reject_reason').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('anchor_applications_user_key').on(table.userId), index('anchor_applications_status_idx').on(table.status)],
);
export type AnchorApplication = typeof anchorApplications.$inferSelect;

/** Push credentials: the stream name an anchor publishes to. Resetting revokes the row and issues a new name. */
export const streamKeys = pgTable(
  'stream_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anchorId: userRef('anchor_id'),
    stream: text('stream').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('stream_keys_stream_key').on(table.stream),
    // At most one current key per anchor.
    uniqueIndex('stream_keys_current_key').on(table.anchorId).where(sql`${table.revokedAt} is null`),
  ],
);
export type StreamKey = typeof streamKeys.$inferSelect;

/** The room of an anchor (/liveMatchesTwo/{anchor id}): what the start-live dialog fills in next time. */
export const anchorRooms = pgTable('anchor_rooms', {
  anchorId: bigint('anchor_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull().default(''),
  categoryId: integer('category_id'),
  childCategoryId: integer('child_category_id'),
  matchId: integer('match_id'),
  cover: text('cover').notNull().default(''),
  coverVertical: text('cover_vertical').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type AnchorRoom = typeof anchorRooms.$inferSelect;

export const liveEndReasons = ['anchor', 'away_timeout', 'logout', 'operator'] as const;
export type LiveEndReason = (typeof liveEndReasons)[number];

export const lives = pgTable(
  'lives',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anchorId: userRef('anchor_id'),
    stream: text('stream').notNull(),
    title: text('title').notNull(),
    categoryId: integer('category_id').notNull(),
    childCategoryId: integer('child_category_id').notNull(),
    matchId: integer('match_id'),
    cover: text('cover').notNull().default(''),
    coverVertical: text('cover_vertical').notNull().default(''),
    // Tickets an HD session of this live is offered for; 0 = no ticketed HD.
    ticket: integer('ticket').notNull().default(0),
    enableWebrtc: boolean('enable_webrtc').notNull().default(false),
    status: text('status', { enum: liveStates }).notNull().default('waiting'),
    planId: bigint('plan_id', { mode: 'number' }),
    // Set by the media side: the renditions on offer ("src", "720", "480") and whether HLS is written.
    renditions: jsonb('renditions').$type<string[]>().notNull().default(['src']),
    sourceHeight: integer('source_height').notNull().default(0),
    hls: boolean('hls').notNull().default(false),
    // The embedded media process that received the stream (MEDIA_NODE_ID): on its restart only its lives go away.
    mediaNode: text('media_node'),
    viewers: integer('viewers').notNull().default(0),
    peakViewers: integer('peak_viewers').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    firstStreamAt: timestamp('first_stream_at', { withTimezone: true }),
    awaySince: timestamp('away_since', { withTimezone: true }),
    // The anchor logged out while live: the live ends at this moment unless they sign in again (spec §4).
    autoEndAt: timestamp('auto_end_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: liveEndReasons }),
  },
  (table) => [
    // One open live per anchor.
    uniqueIndex('lives_open_anchor_key').on(table.anchorId).where(sql`${table.status} <> 'ended'`),
    index('lives_status_idx').on(table.status, table.startedAt),
    index('lives_anchor_idx').on(table.anchorId, table.startedAt),
  ],
);
export type Live = typeof lives.$inferSelect;


/** Planned lives (spec §3 planned-live payload), listed in /user-center/live-management. */
export const livePlans = pgTable(
  'live_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anchorId: userRef('anchor_id'),
    title: text('title').notNull(),
    categoryId: integer('category_id').notNull(),
    childCategoryId: integer('child_category_id').notNull(),
    matchId: integer('match_id'),
    // The vertical cover.
    cover: text('cover').notNull(),
    ticket: integer('ticket').notNull().default(0),
    planTime: timestamp('plan_time', { withTimezone: true }).notNull(),
    status: text('status', { enum: livePlanStatuses }).notNull().default('planned'),
    liveId: bigint('live_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_plans_anchor_idx').on(table.anchorId, table.planTime), index('live_plans_status_idx').on(table.status, table.planTime)],
);
export type LivePlan = typeof livePlans.$inferSelect;

export const anchorFollows = pgTable(
  'anchor_follows',
  {
    userId: userRef('user_id'),
    anchorId: userRef('anchor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.anchorId] }),
    index('anchor_follows_anchor_idx').on(table.anchorId, table.userId),
    // The anchor centre's daily rollup reads a day's new follows.
    index('anchor_follows_created_idx').on(table.createdAt),
  ],
);
export type AnchorFollow = typeof anchorFollows.$inferSelect;


/** A spent ticket: HD of that live for that viewer. */
export const ticketGrants = pgTable(
  'ticket_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: userRef('user_id'),
    liveId: bigint('live_id', { mode: 'number' })
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('ticket_grants_user_live_key').on(table.userId, table.liveId), index('ticket_grants_created_idx').on(table.createdAt)],
);
export type TicketGrant = typeof ticketGrants.$inferSelect;

/** A finished live's recording, playable with seeking (/liveMatchesReplay, /anchorReplay/{id}). */
export const replays = pgTable(
  'replays',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    liveId: bigint('live_id', { mode: 'number' })
      .notNull()
      .references(() => lives.id, { onDelete: 'cascade' }),
    anchorId: userRef('anchor_id'),
    // File name under DATA_DIR/media/replays.
    file: text('file').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    // Where each recorded stretch of the stream sits in the file: what maps a moment of the match to the seek bar.
    // Empty for replays made before it was kept (one stretch from the live's first stream is assumed).
    timeline: jsonb('timeline').$type<ReplayStretch[]>().notNull().default([]),
    // Set when an operator takes the replay off the site (lib/server/admin/replays.ts): no list, page or file shows it.
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('replays_live_key').on(table.liveId), index('replays_anchor_idx').on(table.anchorId, table.createdAt)],
);
export type Replay = typeof replays.$inferSelect;
/** One stretch the stream was up: when it began (ms since the epoch), where it starts in the file and how long it is. */
export type ReplayStretch = { startedAtMs: number; offsetSeconds: number; seconds: number };

/** The rooms a signed-in viewer opened, newest visit per anchor. */
export const watchHistory = pgTable(
  'watch_history',
  {
    userId: userRef('user_id'),
    anchorId: userRef('anchor_id'),
    liveId: bigint('live_id', { mode: 'number' }),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.anchorId] }), index('watch_history_user_idx').on(table.userId, table.watchedAt)],
);
export type WatchHistoryEntry = typeof watchHistory.$inferSelect;
