import 'server-only';
// Unread counts (the header badge, spec §2.3 and §6): private messages from peers after what the user has read
// (not recalled, not from someone they block), plus system messages after the last one they read. Every change is
// told to the user's tabs as a `SystemMessage` carrying the new counts, so the badge never polls.
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { getBus, type Bus } from '@/lib/realtime/bus';
import { newMessageId, publishUserMessage } from '@/lib/server/chat/publish';
import type { UnreadCounts } from '@/lib/validation/inbox';

export async function readUnread(db: Db, userId: number): Promise<UnreadCounts> {
  const [row] = await queryRows<{ private: string | number; system: string | number }>(db, sql`
    SELECT
      (SELECT count(*) FROM direct_messages d
        LEFT JOIN direct_reads r ON r.user_id = ${userId} AND r.peer_id = d.sender_id
        WHERE d.recipient_id = ${userId} AND d.revoked_at IS NULL AND d.id > coalesce(r.last_read_id, 0)
          AND NOT EXISTS (SELECT 1 FROM direct_blocks b WHERE b.user_id = ${userId} AND b.blocked_id = d.sender_id)) AS private,
      (SELECT count(*) FROM system_messages s JOIN users u ON u.id = ${userId}
        WHERE (s.user_id = u.id OR (s.user_id IS NULL AND s.brand_id = u.brand_id AND s.created_at >= u.created_at))
          AND s.id > coalesce((SELECT last_read_id FROM system_reads WHERE user_id = u.id), 0)) AS system`);
  const counts = { private: Number(row?.private ?? 0), system: Number(row?.system ?? 0) };
  return { ...counts, total: counts.private + counts.system };
}

/** Tells the user's tabs their new counts. */
export async function announceUnread(db: Db, userId: number, bus: Bus = getBus()): Promise<void> {
  await publishUserMessage(bus, userId, { type: 'SystemMessage', id: newMessageId(), send_time: Date.now(), unread: await readUnread(db, userId) });
}
