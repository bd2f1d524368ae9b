import 'server-only';
// Limits on the cheap actions that put something in front of a whole room, or hand out chat identities, without
// being a chat line (those have the chat limits of rules.ts): welcomes and login lines, follow announcements and
// toggles, guest sigs. Counted in Redis when REDIS_URL is set, so every process counts together.
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createRateLimiter, type LimitSpec } from '@/lib/server/rate-limit';

const specs = {
  // One welcome or login line per viewer and room a minute, however many sockets or frames ask for one.
  roomEntry: { points: 1, durationSeconds: 60 },
  // A follow is announced in the anchor's room once per follower in 10 minutes: toggling back and forth stays quiet.
  followAnnounce: { points: 1, durationSeconds: 600 },
  // Follow and unfollow clicks per user.
  followToggle: { points: 20, durationSeconds: 60 },
  // Guest identities per client address (an IPv6 /64): a page asks for one per tab and keeps it a day.
  guestSig: { points: 60, durationSeconds: 60 },
} satisfies Record<string, LimitSpec>;

export type AbuseLimit = keyof typeof specs;

const limiters = new Map<AbuseLimit, RateLimiterAbstract>();

/** Counts one action (atomically: consume, never check-then-count); false when the limit is used up. */
export async function allowAction(name: AbuseLimit, key: string): Promise<boolean> {
  let limiter = limiters.get(name);
  if (!limiter) {
    limiter = createRateLimiter(`rl:${name}`, specs[name]);
    limiters.set(name, limiter);
  }
  try {
    await limiter.consume(key);
    return true;
  } catch (error) {
    if (error instanceof RateLimiterRes) return false;
    throw error;
  }
}
