import 'server-only';
// Private chat between a viewer and an anchor (docs/inbox.md). A conversation needs an anchor on one side: a viewer
// writes to any anchor; an anchor writes to their followers and to whoever wrote to them. A blocked sender is
// refused. Each message is one row (a retry with the same client id returns the first); the recipient's tabs hear it
// on their user channel (`private_message_reply`), the sender's other tabs too. The sender may recall it for two
// minutes; the recipient then reads "X recalled a message".
import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { directBlocks, directMessages, directReads, users, type User } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { newMessageId, publishUserMessage } from '@/lib/server/chat/publish';
import { isFollowing } from '@/lib/server/follows/follows';
import { AppError } from '@/lib/server/http/errors';
import { createRateLimiter, takeAll } from '@/lib/server/rate-limit';
import { chatImageUrl, isOwnChatImage } from '@/lib/server/storage';
import { inboxPageSize, recallWindowMs, type Conversations, type InboxPerson, type PrivateHistory, type PrivateMessage } from '@/lib/validation/inbox';
import { announceUnread } from './unread';

type Row = { id: string | number; sender_id: string | number; content: string; image_url: string; created_at: Date | string; revoked_at: Date | string | null };

const isAnchor = (user: Pick<User, 'role'>) => user.role === 'anchor';

function toMessage(row: Row, viewerId: number): PrivateMessage {
  const revoked = row.revoked_at !== null;
  return {
    id: Number(row.id),
    sender_uid: Number(row.sender_id),
    content: revoked ? '' : row.content,
    img_url: revoked ? '' : chatImageUrl(row.image_url),
    send_time: new Date(row.created_at).getTime(),
    chatType: Number(row.sender_id) === viewerId ? 1 : 2,
    revoked,
  };
}

const personOf = (user: Pick<User, 'id' | 'nickName' | 'avatar' | 'role'>): InboxPerson => ({ id: user.id, nick_name: user.nickName, avatar: user.avatar, role: user.role });

async function findPerson(db: Db, id: number): Promise<User> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) throw new AppError('inbox.errors.noSuchUser');
  return user;
}

async function hasWrittenTo(db: Db, from: number, to: number): Promise<boolean> {
  const rows = await db.select({ id: directMessages.id }).from(directMessages).where(and(eq(directMessages.senderId, from), eq(directMessages.recipientId, to))).limit(1);
  return rows.length > 0;
}

async function isBlocked(db: Db, userId: number, blockedId: number): Promise<boolean> {
  const rows = await db.select({ at: directBlocks.createdAt }).from(directBlocks).where(and(eq(directBlocks.userId, userId), eq(directBlocks.blockedId, blockedId)));
  return rows.length > 0;
}

/** Why `sender` may not write to `recipient`, as a message key; undefined when they may. */
async function refusal(db: Db, sender: User, recipient: User): Promise<string | undefined> {
  if (sender.id === recipient.id) return 'inbox.errors.toSelf';
  if (!isAnchor(sender) && !isAnchor(recipient)) return 'inbox.errors.anchorsOnly';
  if (isAnchor(sender) && !isAnchor(recipient) && !(await hasWrittenTo(db, recipient.id, sender.id)) && !(await isFollowing(db, recipient.id, sender.id))) {
    return 'inbox.errors.notYourFan';
  }
  if (await isBlocked(db, recipient.id, sender.id)) return 'inbox.errors.blocked';
  return undefined;
}

// A person types a few lines a minute; a script sends hundreds. New conversations are counted apart: an account
// that opens dozens a day is spamming anchors.
const sendLimit = { points: 20, durationSeconds: 60 };
const newConversationLimit = { points: 30, durationSeconds: 86_400 };
let limiters: { send: ReturnType<typeof createRateLimiter>; fresh: ReturnType<typeof createRateLimiter> } | undefined;
const inboxLimiters = () => (limiters ??= { send: createRateLimiter('rl:privateSend', sendLimit), fresh: createRateLimiter('rl:privateNew', newConversationLimit) });

/** The image key a sender uploaded (lib/server/storage storeChatImage), or a refusal. */
function checkImage(senderId: number, imageUrl: string): void {
  if (imageUrl !== '' && !isOwnChatImage(senderId, imageUrl)) throw new AppError('inbox.validation.badImage');
}

export type SendRequest = { senderId: number; peerId: number; content: string; imageUrl: string; clientId: string };

export async function sendPrivateMessage(db: Db, request: SendRequest): Promise<PrivateMessage> {
  const [sender, recipient] = await Promise.all([findPerson(db, request.senderId), findPerson(db, request.peerId)]);
  const [earlier] = await db.select().from(directMessages).where(and(eq(directMessages.senderId, sender.id), eq(directMessages.clientId, request.clientId)));
  if (earlier) {
    if (earlier.recipientId !== recipient.id || earlier.content !== request.content || earlier.imageUrl !== request.imageUrl) throw new AppError('inbox.errors.clientIdReused');
    return toMessage({ id: earlier.id, sender_id: earlier.senderId, content: earlier.content, image_url: earlier.imageUrl, created_at: earlier.createdAt, revoked_at: earlier.revokedAt }, sender.id);
  }
  const refused = await refusal(db, sender, recipient);
  if (refused) throw new AppError(refused);
  checkImage(sender.id, request.imageUrl);
  const fresh = !(await hasWrittenTo(db, sender.id, recipient.id)) && !(await hasWrittenTo(db, recipient.id, sender.id));
  const { send, fresh: freshLimiter } = inboxLimiters();
  const over = await takeAll([{ limiter: send, key: String(sender.id) }, ...(fresh ? [{ limiter: freshLimiter, key: String(sender.id) }] : [])]);
  if (over) throw new AppError('inbox.errors.tooFast', { seconds: Math.max(1, Math.ceil(over.waitMs / 1000)) });

  const [row] = await db
    .insert(directMessages)
    .values({ senderId: sender.id, recipientId: recipient.id, content: request.content, imageUrl: request.imageUrl, clientId: request.clientId })
    .onConflictDoNothing()
    .returning();
  // Two tabs sent the same client id at once: the other insert won; answer with it.
  if (!row) return sendPrivateMessage(db, request);
  const message = toMessage({ id: row.id, sender_id: row.senderId, content: row.content, image_url: row.imageUrl, created_at: row.createdAt, revoked_at: null }, sender.id);
  const anchorId = isAnchor(recipient) ? recipient.id : sender.id;
  const frame = { type: 'private_message_reply' as const, id: newMessageId(), msg_id: message.id, sender_uid: sender.id, recipient_uid: recipient.id, anchor_id: anchorId, nick_name: sender.nickName, avatar: sender.avatar, content: message.content, img_url: message.img_url, send_time: message.send_time };
  const bus = getBus();
  await Promise.all([publishUserMessage(bus, recipient.id, frame), publishUserMessage(bus, sender.id, frame)]);
  await announceUnread(db, recipient.id, bus);
  return message;
}

/** The newest of `peerId`'s messages that `readerId` has read (read receipts: the sender sees "Read"). */
async function readUpTo(db: Db, readerId: number, peerId: number): Promise<number> {
  const [row] = await db.select({ id: directReads.lastReadId }).from(directReads).where(and(eq(directReads.userId, readerId), eq(directReads.peerId, peerId)));
  return row?.id ?? 0;
}

/** One page of the conversation with `peerId`, newest first, and whether the caller may write in it. */
export async function readConversation(db: Db, viewerId: number, peerId: number, page: number, size: number): Promise<PrivateHistory> {
  const [viewer, peer] = await Promise.all([findPerson(db, viewerId), findPerson(db, peerId)]);
  const rows = await queryRows<Row>(db, sql`
    SELECT id, sender_id, content, image_url, created_at, revoked_at FROM direct_messages
    WHERE (sender_id = ${viewerId} AND recipient_id = ${peerId}) OR (sender_id = ${peerId} AND recipient_id = ${viewerId})
    ORDER BY id DESC LIMIT ${size + 1} OFFSET ${(page - 1) * size}`);
  return {
    msg_group: rows.slice(0, size).map((row) => toMessage(row, viewerId)),
    no_more: rows.length <= size,
    peer: personOf(peer),
    blocked: await isBlocked(db, viewerId, peerId),
    peer_read_id: await readUpTo(db, peerId, viewerId),
    can_send: (await refusal(db, viewer, peer)) === undefined,
  };
}

/** Marks the peer's messages up to `stamp` (their send time, ms) read; the badge follows, and the peer's tabs learn how far they were read. */
export async function markConversationRead(db: Db, viewerId: number, peerId: number, stamp: number): Promise<void> {
  const [read] = await queryRows<{ last_read_id: string | number; before: string | number | null }>(db, sql`
    WITH earlier AS (SELECT last_read_id FROM direct_reads WHERE user_id = ${viewerId} AND peer_id = ${peerId})
    INSERT INTO direct_reads (user_id, peer_id, last_read_id)
    SELECT ${viewerId}, ${peerId}, coalesce(max(id), 0) FROM direct_messages
    WHERE sender_id = ${peerId} AND recipient_id = ${viewerId} AND created_at <= to_timestamp(${stamp}::float8 / 1000)
    ON CONFLICT (user_id, peer_id) DO UPDATE SET last_read_id = greatest(direct_reads.last_read_id, excluded.last_read_id)
    RETURNING last_read_id, (SELECT last_read_id FROM earlier) AS before`);
  const bus = getBus();
  await announceUnread(db, viewerId, bus);
  if (read && Number(read.last_read_id) > Number(read.before ?? 0)) {
    await publishUserMessage(bus, peerId, { type: 'private_message_read', id: newMessageId(), reader_uid: viewerId, last_read_id: Number(read.last_read_id), send_time: Date.now() });
  }
}

/** The sender recalls their message within two minutes; both sides are told. */
export async function recallPrivateMessage(db: Db, senderId: number, messageId: number): Promise<void> {
  const [row] = await db.select().from(directMessages).where(eq(directMessages.id, messageId));
  if (!row || row.senderId !== senderId) throw new AppError('inbox.errors.notYourMessage');
  if (row.revokedAt) return;
  const [recalled] = await queryRows<{ id: string | number }>(db, sql`
    UPDATE direct_messages SET revoked_at = now() WHERE id = ${messageId} AND revoked_at IS NULL AND created_at > now() - ${`${recallWindowMs} milliseconds`}::interval RETURNING id`);
  if (!recalled) throw new AppError('inbox.errors.recallTooLate');
  const sender = await findPerson(db, senderId);
  const frame = { type: 'private_message_revoke' as const, id: newMessageId(), msg_id: String(messageId), sender_uid: senderId, nick_name: sender.nickName, send_time: Date.now() };
  const bus = getBus();
  await Promise.all([publishUserMessage(bus, row.recipientId, frame), publishUserMessage(bus, senderId, frame)]);
  await announceUnread(db, row.recipientId, bus);
}

export async function setBlocked(db: Db, userId: number, peerId: number, blocked: boolean): Promise<void> {
  await findPerson(db, peerId);
  if (userId === peerId) throw new AppError('inbox.errors.toSelf');
  if (blocked) await db.insert(directBlocks).values({ userId, blockedId: peerId }).onConflictDoNothing();
  else await db.delete(directBlocks).where(and(eq(directBlocks.userId, userId), eq(directBlocks.blockedId, peerId)));
  await announceUnread(db, userId);
}

/** The caller's conversations, the latest first, each with its last message and unread count. */
export async function listConversations(db: Db, viewerId: number, page: number, size = inboxPageSize): Promise<Conversations> {
  const rows = await queryRows<Row & { peer_id: string | number; nick_name: string; avatar: string; role: string; unread: string | number; total: string | number }>(db, sql`
    WITH peers AS (
      SELECT CASE WHEN sender_id = ${viewerId} THEN recipient_id ELSE sender_id END AS peer_id, max(id) AS last_id
      FROM direct_messages WHERE sender_id = ${viewerId} OR recipient_id = ${viewerId}
      GROUP BY 1
    )
    SELECT p.peer_id, u.nick_name, u.avatar, u.role, m.id, m.sender_id, m.content, m.image_url, m.created_at, m.revoked_at,
           (SELECT count(*) FROM direct_messages d
             WHERE d.sender_id = p.peer_id AND d.recipient_id = ${viewerId} AND d.revoked_at IS NULL
               AND d.id > coalesce((SELECT last_read_id FROM direct_reads r WHERE r.user_id = ${viewerId} AND r.peer_id = p.peer_id), 0)
               AND NOT EXISTS (SELECT 1 FROM direct_blocks b WHERE b.user_id = ${viewerId} AND b.blocked_id = p.peer_id)) AS unread,
           count(*) OVER () AS total
    FROM peers p JOIN direct_messages m ON m.id = p.last_id JOIN users u ON u.id = p.peer_id
    ORDER BY p.last_id DESC LIMIT ${size} OFFSET ${(page - 1) * size}`);
  return {
    list: rows.map((row) => ({
      peer: { id: Number(row.peer_id), nick_name: row.nick_name, avatar: row.avatar, role: row.role },
      last: toMessage(row, viewerId),
      unread: Number(row.unread),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}

