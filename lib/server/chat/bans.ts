import 'server-only';
// Who may not speak in a room, from the database (bans survive restarts), through a per-room cache that
// chat control notices clear the moment a ban or unban happens anywhere.
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { chatBans, type ChatBan } from '@/lib/db/schema';

/** Milliseconds the ban ends; 0 = permanent. */
export type BanEnd = number;

const cacheMs = 60_000;
/** Rooms whose bans are kept; the least recently used go first, so made-up or long-gone rooms cannot grow it. */
export const banCacheRooms = 2000;
const cache = new Map<string, { at: number; bans: Map<number, BanEnd> }>();

export function forgetRoomBans(room: string): void {
  cache.delete(room);
}

export function forgetAllBans(): void {
  cache.clear();
}

const activeNow = () => and(isNull(chatBans.liftedAt), or(isNull(chatBans.expiresAt), gt(chatBans.expiresAt, new Date())));

export function banEndOf(ban: Pick<ChatBan, 'expiresAt'>): BanEnd {
  return ban.expiresAt ? ban.expiresAt.getTime() : 0;
}

/** When `userId`'s ban in `room` ends (0 permanent), or undefined when the user may speak. */
export async function activeBanEnd(db: Db, room: string, userId: number): Promise<BanEnd | undefined> {
  let entry = cache.get(room);
  if (!entry || Date.now() - entry.at > cacheMs) {
    const rows = await db.select().from(chatBans).where(and(eq(chatBans.roomKey, room), activeNow()));
    entry = { at: Date.now(), bans: new Map(rows.map((row) => [row.userId, banEndOf(row)])) };
  }
  // Re-inserted on every use: the Map's first key is then the least recently used room.
  cache.delete(room);
  cache.set(room, entry);
  if (cache.size > banCacheRooms) cache.delete(cache.keys().next().value ?? room);
  const end = entry.bans.get(userId);
  if (end === undefined || (end !== 0 && end <= Date.now())) return undefined;
  return end;
}

export async function findActiveBans(db: Db | Tx, room: string, userId?: number): Promise<ChatBan[]> {
  const scope = userId === undefined ? eq(chatBans.roomKey, room) : and(eq(chatBans.roomKey, room), eq(chatBans.userId, userId));
  return db.select().from(chatBans).where(and(scope, activeNow()));
}
