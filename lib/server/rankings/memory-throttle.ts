// The broadcast throttle of one process: enough without Redis, since the bus is then in memory and only this
// process can broadcast to the room anyway.
import type { RankingStore } from './store';

export type ProcessThrottle = Pick<RankingStore, 'claim' | 'replaceLast'>;

/** Rooms remembered at most; the oldest is forgotten first (it costs one extra broadcast at worst). */
const maxRemembered = 10_000;

function remember<T>(map: Map<string, T>, key: string, value: T): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > maxRemembered) map.delete(map.keys().next().value as string);
}

export function createProcessThrottle(now: () => number = Date.now): ProcessThrottle {
  const claims = new Map<string, number>();
  const last = new Map<string, string>();
  return {
    async claim(name, ms) {
      const at = now();
      const until = claims.get(name) ?? 0;
      if (until > at) return until - at;
      remember(claims, name, at + ms);
      return 0;
    },
    async replaceLast(name, value) {
      const changed = last.get(name) !== value;
      remember(last, name, value);
      return changed;
    },
  };
}
