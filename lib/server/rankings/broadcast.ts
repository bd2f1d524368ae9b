import 'server-only';
// Live room rankings (spec §2.4 item 10): after contributions, the room's day list goes to its viewers as an
// ephemeral `rankRep` (not logged, not batched), at most once a second per room however many gifts arrive:
// - in this process, one timer per room: a contribution while one is pending adds nothing;
// - across processes, a claim in the store (a Redis key with a one-second expiry): only its holder reads and
//   publishes; the others retry when it expires, so the last change of a burst is never lost;
// - only a list that differs from the last one published goes out (kept in the store too).
import type { Db } from '@/lib/db';
import type { Bus } from '@/lib/realtime/bus';
import type { RankMessage } from '@/lib/realtime/protocol';
import { log } from '@/lib/server/log';
import { newMessageId, publishEphemeral } from '@/lib/server/chat/publish';
import { liveRoomKey } from '@/lib/validation/chat-constants';
import { readTopRows } from './read';
import type { RankingStore } from './store';

/** A room's viewers get its ranking at most this often. */
const rankBroadcastIntervalMs = 1000;

export type RankBroadcaster = {
  /** The room's ranking may have changed: publish it within the throttle. */
  touch(anchorId: number): void;
  /** Resolves when no publication is pending (tests, shutdown). */
  idle(): Promise<void>;
};

type BroadcasterOptions = { db: Db; store: RankingStore; bus: Bus; intervalMs?: number; now?: () => Date };

export function createRankBroadcaster(options: BroadcasterOptions): RankBroadcaster {
  const intervalMs = options.intervalMs ?? rankBroadcastIntervalMs;
  const now = options.now ?? (() => new Date());
  // Rooms with a round waiting for its claim, and every round not finished yet.
  const pending = new Set<number>();
  const inFlight = new Set<Promise<void>>();

  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

  async function publish(anchorId: number): Promise<void> {
    for (;;) {
      const delay = await options.store.claim(`room:${anchorId}`, intervalMs);
      if (delay === 0) break;
      await wait(delay);
    }
    // From here a new contribution schedules another round (which waits for the next claim): none is missed.
    pending.delete(anchorId);
    const top = await readTopRows(options.db, options.store, `room:${anchorId}`, 'day', now());
    const signature = JSON.stringify(top.map((row) => [row.user_id, row.score]));
    if (!(await options.store.replaceLast(`room:${anchorId}`, signature))) return;
    const message: RankMessage = { type: 'rankRep', groupId: liveRoomKey(anchorId), id: newMessageId(), period: 'day', top, send_time: now().getTime() };
    await publishEphemeral(options.bus, message);
  }

  return {
    touch(anchorId) {
      if (pending.has(anchorId)) return;
      pending.add(anchorId);
      const run = publish(anchorId)
        .catch((error: unknown) => {
          pending.delete(anchorId);
          log.warn('room ranking broadcast failed', { anchorId, error: String(error) });
        })
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
    },
    async idle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
