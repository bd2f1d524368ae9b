import 'server-only';
// Following an anchor (spec §4, §5): attentAnchor toggles, never yourself, only anchors; the room hears of a
// follow (once in a while: lib/server/chat/abuse-limits.ts).
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorFollows, users } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import type { AttentAnchorMessage } from '@/lib/realtime/protocol';
import { liveRoomKey } from '@/lib/validation/chat';
import type { ToggleFollowReply } from '@/lib/validation/live';
import { allowAction } from '@/lib/server/chat/abuse-limits';
import { loadChatSender } from '@/lib/server/chat/chat-users';
import { fanCount } from '@/lib/server/follows/follows';
import { AppError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';

/**
 * POST /api/anchor/attentAnchor: data.type 1 when now followed, 0 when unfollowed. Each follow is a priority frame
 * to every viewer of the room, so toggles are limited per user and a follower is announced once in 10 minutes.
 */
export async function toggleFollow(db: Db, userId: number, anchorId: number): Promise<ToggleFollowReply> {
  if (userId === anchorId) throw new AppError('live.follow.self');
  if (!(await allowAction('followToggle', String(userId)))) throw new AppError('api.errors.tooManyRequests');
  const [anchor] = await db.select({ role: users.role }).from(users).where(eq(users.id, anchorId));
  if (!anchor || anchor.role !== 'anchor') throw new AppError('live.follow.notAnchor');
  const type = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(anchorFollows)
      .where(and(eq(anchorFollows.userId, userId), eq(anchorFollows.anchorId, anchorId)))
      .returning({ userId: anchorFollows.userId });
    if (removed.length > 0) return 0;
    await tx.insert(anchorFollows).values({ userId, anchorId }).onConflictDoNothing();
    return 1;
  });
  if (type === 1 && (await allowAction('followAnnounce', `${userId}|${anchorId}`))) await announceFollow(db, userId, anchorId);
  return { type, fans: await fanCount(db, anchorId) };
}

async function announceFollow(db: Db, userId: number, anchorId: number): Promise<void> {
  // The name as chat shows it: an imitation of the anchor's name carries the follower's id.
  const follower = await loadChatSender(db, userId);
  const message: Omit<AttentAnchorMessage, 'seq'> = {
    type: 'attentAnchor',
    groupId: liveRoomKey(anchorId),
    id: crypto.randomUUID(),
    user_id: userId,
    nick_name: follower?.nick_name ?? '',
    anchor_id: anchorId,
    send_time: Date.now(),
  };
  await getBus()
    .append(liveRoomKey(anchorId), JSON.stringify(message))
    .catch((error: unknown) => log.warn('follow not announced', { anchorId, error: error instanceof Error ? error.message : String(error) }));
}
