import 'server-only';
// Live rooms as the public pages show them: the rooms on air with a match (its page's room tab) and the
// anchors and rooms a keyword finds (/keysearch). Read-only; the live domain owns the rows.
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, users } from '@/lib/db/schema';
import { liveRoomPath } from '@/lib/routes';
import type { RoomCard } from '@/lib/validation/live';

const onAirStates: ('live' | 'away')[] = ['live', 'away'];

/** The rooms on air with this match, busiest first. */
export async function listRoomsOfMatch(db: Db, matchId: number, limit = 6): Promise<RoomCard[]> {
  const rows = await db
    .select({ anchorId: lives.anchorId, nickName: users.nickName, avatar: users.avatar, title: lives.title, viewers: lives.viewers })
    .from(lives)
    .innerJoin(users, eq(users.id, lives.anchorId))
    .where(and(eq(lives.matchId, matchId), inArray(lives.status, onAirStates)))
    .orderBy(desc(lives.viewers), asc(lives.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, onAir: true, path: liveRoomPath(row.anchorId) }));
}

/** Anchors whose nickname, or whose open live's title, contains the keyword; those on air first. */
export async function searchRooms(db: Db, keyword: string, limit = 12): Promise<RoomCard[]> {
  const pattern = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select({ anchorId: users.id, nickName: users.nickName, avatar: users.avatar, title: lives.title, status: lives.status, viewers: lives.viewers })
    .from(users)
    .leftJoin(lives, and(eq(lives.anchorId, users.id), inArray(lives.status, onAirStates)))
    .where(and(eq(users.role, 'anchor'), or(ilike(users.nickName, pattern), ilike(lives.title, pattern))))
    // Off-air anchors have no live row: after those on air.
    .orderBy(sql`${lives.viewers} desc nulls last`, asc(users.id))
    .limit(limit);
  return rows.map((row) => ({
    anchorId: row.anchorId,
    nickName: row.nickName,
    avatar: row.avatar,
    title: row.title ?? '',
    onAir: row.status !== null,
    viewers: row.viewers ?? 0,
    path: liveRoomPath(row.anchorId),
  }));
}
