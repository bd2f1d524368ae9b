// Live-room chat: the limits per brand (spec §3 chat config), bans and the moderation log, and room
// announcements. Chat lines themselves live in the realtime room log (Redis Stream or memory), not here.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AnnouncementContact, BanReason, BanUnit } from '../../validation/chat';
import type { moderationLogActions } from '../../validation/admin';
import { users } from './users';

/**
 * One row per brand (`*` for every brand without its own). Toggles are 0/1 as the spec's reply carries them;
 * speak_rate in seconds; the two `…_banned` durations in minutes.
 */
export const chatConfigs = pgTable('chat_configs', {
  brandId: text('brand_id').primaryKey(),
  speakRate: integer('speak_rate').notNull(),
  speakRateToggle: integer('speak_rate_toggle').notNull(),
  singleMsgNumLength: integer('single_msg_num_length').notNull(),
  singleMsgToggle: integer('single_msg_toggle').notNull(),
  numMsgCount: integer('num_msg_count').notNull(),
  numMsgCountToggle: integer('num_msg_count_toggle').notNull(),
  // Hosts links may point to, comma-separated; empty: no links at all while the toggle is on.
  linkSet: text('link_set').notNull(),
  linkSetToggle: integer('link_set_toggle').notNull(),
  continueTriggerNum: integer('continue_trigger_num').notNull(),
  continueTriggerBanned: integer('continue_trigger_banned').notNull(),
  continueTriggerToggle: integer('continue_trigger_toggle').notNull(),
  totalTrigger: integer('total_trigger').notNull(),
  totalTriggerBanned: integer('total_trigger_banned').notNull(),
  totalTriggerToggle: integer('total_trigger_toggle').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ChatConfigRow = typeof chatConfigs.$inferSelect;

/** A brand's blocked words for chat (lib/validation/chat-keywords.ts), folded; a brand without a row blocks none. */
export const chatKeywords = pgTable('chat_keywords', {
  brandId: text('brand_id').primaryKey(),
  words: jsonb('words').$type<string[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A ban in one room. Active while not lifted and not expired (expires_at null = permanent). */
export const chatBans = pgTable(
  'chat_bans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomKey: text('room_key').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<BanReason>().notNull(),
    unit: text('unit').$type<BanUnit>().notNull(),
    duration: integer('duration').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // Null: an automatic ban by the chat limits (`trigger` says which).
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    trigger: text('trigger').$type<'continuous' | 'total'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
    liftedBy: bigint('lifted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('chat_bans_active_idx').on(table.roomKey, table.userId).where(sql`${table.liftedAt} is null`)],
);
export type ChatBan = typeof chatBans.$inferSelect;

export type ModerationAction = (typeof moderationLogActions)[number];

/**
 * A viewer an anchor (or an operator) appointed to keep order in the anchor's live room and fan group, both keyed
 * by the anchor's id (docs/room-managers.md). Site-wide managers hold the `manager` role instead.
 */
export const roomManagers = pgTable(
  'room_managers',
  {
    anchorId: bigint('anchor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointedBy: bigint('appointed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.anchorId, table.userId] }), index('room_managers_user_idx').on(table.userId)],
);

/** Every moderation step and who took it (actor null: the chat limits). */
export const chatModerationLog = pgTable(
  'chat_moderation_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    roomKey: text('room_key').notNull(),
    action: text('action').$type<ModerationAction>().notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    targetUserId: bigint('target_user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    messageId: text('message_id'),
    // What was decided: reason and duration of a ban, the text of a deleted message, the trigger of an automatic ban.
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('chat_moderation_log_room_idx').on(table.roomKey, table.createdAt)],
);
export type ChatModerationEntry = typeof chatModerationLog.$inferSelect;

/** Spec §3 announcement of a room: content and contact lines. */
export const chatAnnouncements = pgTable('chat_announcements', {
  roomKey: text('room_key').primaryKey(),
  content: text('content').notNull(),
  contact: jsonb('contact').$type<AnnouncementContact[]>().notNull().default([]),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ChatAnnouncement = typeof chatAnnouncements.$inferSelect;
