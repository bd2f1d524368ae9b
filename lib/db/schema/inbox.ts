// The inbox (docs/inbox.md): private messages between a viewer and an anchor, how far each side has read, who blocks
// whom, and the system conversation (operators' messages to one user or to everyone of a brand).
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const directMessages = pgTable(
  'direct_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    /** An image uploaded through /api/privateChat/upload (one of ours, re-encoded). */
    imageUrl: text('image_url').notNull().default(''),
    /** The sender's own id for the send: a retry returns the first message instead of a second one. */
    clientId: text('client_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** Recalled by the sender (within 2 minutes): kept for the record, shown as a notice. */
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
  },
  (table) => [
    uniqueIndex('direct_messages_sender_client_key').on(table.senderId, table.clientId),
    index('direct_messages_recipient_sender_idx').on(table.recipientId, table.senderId, table.id),
    index('direct_messages_sender_recipient_idx').on(table.senderId, table.recipientId, table.id),
    check('direct_messages_not_to_self', sql`${table.senderId} <> ${table.recipientId}`),
    check('direct_messages_not_empty', sql`${table.content} <> '' OR ${table.imageUrl} <> ''`),
  ],
);
export type DirectMessage = typeof directMessages.$inferSelect;

/** The newest message of `peerId` that `userId` has read (unread = theirs after it). */
export const directReads = pgTable(
  'direct_reads',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    peerId: bigint('peer_id', { mode: 'number' }).notNull(),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.peerId] })],
);

/** `userId` takes no private messages from `blockedId`. */
export const directBlocks = pgTable(
  'direct_blocks',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    blockedId: bigint('blocked_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.blockedId] })],
);

/** The system conversation: to one user (`userId`), or to every account of a brand (`userId` null). */
export const systemMessages = pgTable(
  'system_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: text('brand_id').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The operator who sent it (null: the site itself). */
    senderId: bigint('sender_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('system_messages_user_idx').on(table.userId, table.id), index('system_messages_brand_idx').on(table.brandId, table.id)],
);

export const systemReads = pgTable('system_reads', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
});
