import 'server-only';
// The system conversation (spec §7 mgrChat, §6: it counts as unread): operators write to one user, or to every
// account of a brand (an account sees the brand-wide messages sent since it was created). Sent with `npm run ops --
// message:send` (the console later); each recipient online hears `mgr_message_reply` and `SystemMessage`.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { systemMessages } from '@/lib/db/schema';
import { getBus, type Bus } from '@/lib/realtime/bus';
import { newMessageId, publishEphemeral, publishUserMessage } from '@/lib/server/chat/publish';
import type { SystemHistory } from '@/lib/validation/inbox';
import { announceUnread } from './unread';

type Audience = { userId: number } | { brandId: string };

/** Stores the message; tells the one recipient at once, or a brand's online accounts through the `system` notice. */
export async function sendSystemMessage(db: Db, audience: Audience, content: string, senderId: number | null, bus: Bus = getBus()): Promise<number> {
  const brandId = 'userId' in audience ? await brandOf(db, audience.userId) : audience.brandId;
  const [row] = await db
    .insert(systemMessages)
    .values({ brandId, userId: 'userId' in audience ? audience.userId : null, content, senderId })
    .returning({ id: systemMessages.id, createdAt: systemMessages.createdAt });
  const frame = { type: 'mgr_message_reply' as const, id: newMessageId(), sender_uid: senderId ?? 0, content, send_time: row.createdAt.getTime() };
  if ('userId' in audience) {
    await publishUserMessage(bus, audience.userId, frame);
    await announceUnread(db, audience.userId, bus);
  } else {
    // Every account of the brand: the `system` room, which every signed-in tab holds, tells them to read their counts.
    await publishEphemeral(bus, { type: 'SystemMessage', groupId: 'system', id: newMessageId(), brand_id: brandId, send_time: frame.send_time });
  }
  return row.id;
}

async function brandOf(db: Db, userId: number): Promise<string> {
  const [row] = await queryRows<{ brand_id: string }>(db, sql`SELECT brand_id FROM users WHERE id = ${userId}`);
  if (!row) throw new Error(`no user ${userId}`);
  return row.brand_id;
}

/** One page of the caller's system conversation, newest first. */
export async function readSystemHistory(db: Db, userId: number, page: number, size: number): Promise<SystemHistory> {
  const rows = await queryRows<{ id: string | number; sender_id: string | number | null; content: string; created_at: Date | string }>(db, sql`
    SELECT s.id, s.sender_id, s.content, s.created_at FROM system_messages s JOIN users u ON u.id = ${userId}
    WHERE s.user_id = u.id OR (s.user_id IS NULL AND s.brand_id = u.brand_id AND s.created_at >= u.created_at)
    ORDER BY s.id DESC LIMIT ${size + 1} OFFSET ${(page - 1) * size}`);
  return {
    mgr_chat_history: rows.slice(0, size).map((row) => ({ id: Number(row.id), sender_uid: Number(row.sender_id ?? 0), content: row.content, send_time: new Date(row.created_at).getTime() })),
    no_more: rows.length <= size,
  };
}

/** Everything in the system conversation is read. */
export async function markSystemRead(db: Db, userId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO system_reads (user_id, last_read_id) SELECT ${userId}, coalesce(max(id), 0) FROM system_messages
    ON CONFLICT (user_id) DO UPDATE SET last_read_id = greatest(system_reads.last_read_id, excluded.last_read_id)`);
  await announceUnread(db, userId);
}
