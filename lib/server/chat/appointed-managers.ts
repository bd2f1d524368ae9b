import 'server-only';
// Who an anchor appointed to keep order in their room (docs/room-managers.md). Rights that change something
// (ban, unban, delete, announce) read the database; the gateway's hot paths (joining, judging each line) read a
// 10-second cache that every gateway drops on the bus when an appointment changes.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { roomManagers } from '@/lib/db/schema';

const cacheMs = 10_000;
const cacheCapacity = 5_000;
const cache = new Map<number, { at: number; ids: Promise<ReadonlySet<number>> }>();

async function readAppointed(db: Db, anchorId: number): Promise<ReadonlySet<number>> {
  const rows = await db.select({ userId: roomManagers.userId }).from(roomManagers).where(eq(roomManagers.anchorId, anchorId));
  return new Set(rows.map((row) => row.userId));
}

/** Whether the anchor appointed `userId`; `cached` for the paths that run on every line. */
export async function isAppointedManager(db: Db, anchorId: number, userId: number, { cached = false } = {}): Promise<boolean> {
  if (!cached) return (await readAppointed(db, anchorId)).has(userId);
  const hit = cache.get(anchorId);
  if (hit && Date.now() - hit.at < cacheMs) return (await hit.ids).has(userId);
  const ids = readAppointed(db, anchorId);
  ids.catch(() => cache.delete(anchorId));
  cache.delete(anchorId);
  cache.set(anchorId, { at: Date.now(), ids });
  if (cache.size > cacheCapacity) cache.delete(cache.keys().next().value ?? anchorId);
  return (await ids).has(userId);
}

/** An appointment changed: the next look at the room (or at every room) reads the database. */
export function forgetAppointedManagers(anchorId?: number): void {
  if (anchorId === undefined) cache.clear();
  else cache.delete(anchorId);
}
