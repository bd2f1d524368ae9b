import 'server-only';
// Limits on the cheap actions that put something in front of a whole room, or hand out chat identities, without
// being a chat line (those have the chat limits of rules.ts): welcomes and login lines, follow announcements and
// toggles, guest sigs. Counted in Redis when REDIS_URL is set, so every process counts together (except where a
// per-process count is enough).
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createRateLimiter, type LimitSpec } from '@/lib/server/rate-limit';

type AbuseSpec = LimitSpec & {
  /** Counted in this process only: a duplicate per process is harmless, and it needs no round trip. */
  local?: true;
};

const specs = {
  // One welcome or login line per viewer and room a minute, however many sockets or frames ask for one.
  roomEntry: { points: 1, durationSeconds: 60 },
  // A follow is announced in the anchor's room once per follower in 10 minutes: toggling back and forth stays quiet.
  followAnnounce: { points: 1, durationSeconds: 600, local: true },
  // Follow and unfollow clicks per user.
  followToggle: { points: 20, durationSeconds: 60 },
  // Guest identities per client address (an IPv6 /64): a page asks for one per tab and keeps it a day.
  guestSig: { points: 60, durationSeconds: 60 },
  // A custom frame Tencent delivers (MsgSeq and MsgRandom name it) is acted on once, however often the callback comes.
  tencentC2cFrame: { points: 1, durationSeconds: 600 },
} satisfies Record<string, AbuseSpec>;

export type AbuseLimit = keyof typeof specs;

const limiters = new Map<AbuseLimit, RateLimiterAbstract>();

function limiter(name: AbuseLimit): RateLimiterAbstract {
  let found = limiters.get(name);
  if (!found) {
    const spec: AbuseSpec = specs[name];
    found = spec.local
      ? new RateLimiterMemory({ keyPrefix: `rl:${name}`, points: spec.points, duration: spec.durationSeconds })
      : createRateLimiter(`rl:${name}`, spec);
    limiters.set(name, found);
  }
  return found;
}

/** Counts one action (atomically: consume, never check-then-count); false when the limit is used up. */
export async function allowAction(name: AbuseLimit, key: string): Promise<boolean> {
  try {
    await limiter(name).consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}
