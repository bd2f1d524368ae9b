import 'server-only';
// Which ranking store this process uses, chosen as the realtime bus is (lib/realtime/bus): Redis sorted sets when
// REDIS_URL is set, shared by every process; the table of the database otherwise. Held on globalThis, as Next's
// bundle and server.ts load separate copies of this module.
import type { Db } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { getBus } from '@/lib/realtime/bus';
import { createRankBroadcaster, type RankBroadcaster } from './broadcast';
import { createProcessThrottle, type ProcessThrottle } from './memory-throttle';
import { createRedisRankingStore, type RedisRankingStore } from './redis-store';
import type { RankingStore } from './store';
import { createTableStore } from './table-store';

const key = Symbol.for('sportcast.rankings');
type Holder = { [key]?: { redis?: RedisRankingStore; throttle?: ProcessThrottle; broadcaster?: RankBroadcaster } };
const holder = globalThis as Holder;

/** The store for records and reads; without Redis it works through `db`, the caller's database. */
export function rankingStoreFor(db: Db): RankingStore {
  const held = (holder[key] ??= {});
  const url = getEnv().REDIS_URL;
  if (url) return (held.redis ??= createRedisRankingStore(url));
  return createTableStore(db, (held.throttle ??= createProcessThrottle()));
}

/** The process's room ranking broadcaster (one per process: its timers are the in-process half of the throttle). */
export function rankBroadcasterFor(db: Db): RankBroadcaster {
  const held = (holder[key] ??= {});
  return (held.broadcaster ??= createRankBroadcaster({ db, store: rankingStoreFor(db), bus: getBus() }));
}

export async function closeRankingStore(): Promise<void> {
  const held = holder[key];
  delete holder[key];
  await held?.broadcaster?.idle();
  await held?.redis?.close();
}
