import 'server-only';
// Who follows whom: fan counts, "do I follow", the caller's followed anchors. Following itself, announced in the
// anchor's room, is lib/server/anchors/follow.ts.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorFollows, users, type User } from '@/lib/db/schema';
import { openLivesByAnchor } from '@/lib/server/live-state/state';
import type { FollowedAnchor } from '@/lib/validation/live';

export async function fanCount(db: Db, anchorId: number): Promise<number> {
  const [row] = await db.select({ value: count() }).from(anchorFollows).where(eq(anchorFollows.anchorId, anchorId));
  return row?.value ?? 0;
}

export async function isFollowing(db: Db, userId: number | undefined, anchorId: number): Promise<boolean> {
  if (!userId) return false;
  const [row] = await db
    .select({ userId: anchorFollows.userId })
    .from(anchorFollows)
    .where(and(eq(anchorFollows.userId, userId), eq(anchorFollows.anchorId, anchorId)))
    .limit(1);
  return Boolean(row);
}

/** /user-center/focus: the caller's followed anchors, live ones first. */
export async function listFollowedAnchors(db: Db, userId: number, page: number, size: number): Promise<FollowedAnchor[]> {
  const rows = await db
    .select({ follow: anchorFollows, anchor: users })
    .from(anchorFollows)
    .innerJoin(users, eq(users.id, anchorFollows.anchorId))
    .where(eq(anchorFollows.userId, userId))
    .orderBy(desc(anchorFollows.createdAt))
    .limit(size)
    .offset((page - 1) * size);
  const openBy = await openLivesByAnchor(db, rows.map((row) => row.anchor.id));
  return rows
    .map(({ follow, anchor }) => {
      const live = openBy.get(anchor.id);
      return {
        anchor_id: anchor.id,
        nick_name: anchor.nickName,
        avatar: anchor.avatar,
        level: anchor.level,
        is_live: (live && live.status !== 'waiting' ? 1 : 0) as 0 | 1,
        title: live?.title ?? '',
        followed_at: Math.floor(follow.createdAt.getTime() / 1000),
      };
    })
    .sort((a, b) => b.is_live - a.is_live);
}

/** An anchor as their card shows them to a viewer: who they are, their fans, whether this viewer follows them. */
export async function anchorCard(db: Db, anchor: Pick<User, 'id' | 'nickName' | 'avatar' | 'level' | 'vipLevel'>, viewerId: number | undefined) {
  const [fans, followed] = await Promise.all([fanCount(db, anchor.id), isFollowing(db, viewerId, anchor.id)]);
  return { id: anchor.id, nick_name: anchor.nickName, avatar: anchor.avatar, level: anchor.level, vip_level: anchor.vipLevel, fans, is_followed: (followed ? 1 : 0) as 0 | 1 };
}
