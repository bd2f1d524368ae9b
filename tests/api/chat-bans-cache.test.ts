// The per-room bans cache keeps at most banCacheRooms rooms, dropping the least recently used: rooms that no
// longer exist, or made-up ones, cannot grow a gateway's memory.
import { getDb } from '@/lib/db';
import { activeBanEnd, banCacheRooms, forgetAllBans } from '@/lib/server/chat/bans';

it('reads a room once while cached, and again after more recent rooms pushed it out', async () => {
  const db = await getDb();
  forgetAllBans();
  const reads = jest.spyOn(db, 'select');
  await activeBanEnd(db, 'live:1', 42);
  await activeBanEnd(db, 'live:1', 42);
  expect(reads).toHaveBeenCalledTimes(1);
  for (let room = 2; room <= banCacheRooms + 1; room += 1) await activeBanEnd(db, `live:${room}`, 42);
  expect(reads).toHaveBeenCalledTimes(banCacheRooms + 1);
  // The newest rooms are still cached; the oldest was dropped.
  await activeBanEnd(db, `live:${banCacheRooms + 1}`, 42);
  expect(reads).toHaveBeenCalledTimes(banCacheRooms + 1);
  await activeBanEnd(db, 'live:1', 42);
  expect(reads).toHaveBeenCalledTimes(banCacheRooms + 2);
  reads.mockRestore();
}, 60_000);
