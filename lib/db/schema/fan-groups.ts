// Fan groups (docs/fan-groups.md): one group per anchor, keyed by the anchor's id (its room is `fans:<anchor id>`),
// who is in it and how far each member has read, and its messages of spec §3 types 0–7, each kept as one row.
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A member of an anchor's fan group. A kicked member's row stays with `kickedAt` until they may join again. */
export const fanGroupMembers = pgTable(
  'fan_group_members',
  {
    anchorId: bigint('anchor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest message the member has read (unread = other people's messages after it). */
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    /** Removed by the anchor or a manager; may join again a day later. */
    kickedAt: timestamp('kicked_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.anchorId, table.userId] }), index('fan_group_members_user_idx').on(table.userId)],
);
export type FanGroupMember = typeof fanGroupMembers.$inferSelect;

/**
 * One line of a fan group's history. `type` is spec §3's: 0 text, 1 joined, 2 recalled, 3 deleted, 4 kicked,
 * 5 banned, 6 unbanned (ours: the spec leaves 6 unnamed), 7 image. A recalled or deleted message keeps its row and
 * its text for the record; the text is no longer served. `subjectId` is whom a notice is about (joined, kicked,
 * banned); `actorId` who deleted, kicked or banned.
 */
export const fanGroupMessages = pgTable(
  'fan_group_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    anchorId: bigint('anchor_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: smallint('type').notNull(),
    content: text('content').notNull().default(''),
    imageUrl: text('image_url').notNull().default(''),
    subjectId: bigint('subject_id', { mode: 'number' }),
    actorId: bigint('actor_id', { mode: 'number' }),
    /** The sender's own id for a send: a retry returns the first message. Notices have none. */
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [
    index('fan_group_messages_group_idx').on(table.anchorId, table.id),
    uniqueIndex('fan_group_messages_sender_client_key').on(table.senderId, table.clientId),
    check('fan_group_messages_type', sql`${table.type} BETWEEN 0 AND 7`),
  ],
);
export type FanGroupMessageRow = typeof fanGroupMessages.$inferSelect;
