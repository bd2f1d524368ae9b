import 'server-only';
// Rate limiters (rate-limiter-flexible): in memory, or in Redis when REDIS_URL is set so that every
// process counts together. All of them share one Redis connection.
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getEnv } from '@/lib/env';

export type LimitSpec = { points: number; durationSeconds: number };

let redis: Redis | undefined;

function sharedRedis(url: string): Redis {
  if (!redis) {
    redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: false });
    // Outages are covered by the in-memory insurance limiter; ioredis reconnects by itself.
    redis.on('error', () => undefined);
  }
  return redis;
}

export function createRateLimiter(keyPrefix: string, spec: LimitSpec): RateLimiterAbstract {
  const options = { keyPrefix, points: spec.points, duration: spec.durationSeconds };
  const url = getEnv().REDIS_URL;
  if (!url) return new RateLimiterMemory(options);
  // If Redis is unreachable the process keeps limiting on its own rather than letting everything through.
  return new RateLimiterRedis({ ...options, storeClient: sharedRedis(url), rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
}

/** Drops the limiters' Redis connection (shutdown, test teardown); limiters made afterwards reconnect. */
export async function closeRateLimiterConnection(): Promise<void> {
  const client = redis;
  redis = undefined;
  await client?.quit().catch(() => undefined);
}

/** Milliseconds until `key` may act again under `limiter`, or 0 when it may act now. */
export async function msBeforeAllowed(limiter: RateLimiterAbstract, key: string): Promise<number> {
  const state = await limiter.get(key);
  return state && state.consumedPoints >= limiter.points ? Math.max(state.msBeforeNext, 1) : 0;
}

/** Counts one action; the caller checked `msBeforeAllowed` first, so a refusal here is a race and is ignored. */
export async function countAction(limiter: RateLimiterAbstract, key: string): Promise<void> {
  await limiter.consume(key).catch((error: unknown) => {
    if (!(error instanceof RateLimiterRes)) throw error;
  });
}

export type LimitCheck = { limiter: RateLimiterAbstract; key: string };

/**
 * Checks every limit, then counts against all of them, so a refused request leaves no counter changed.
 * Returns the first refusal (which check, and how long to wait), or undefined when everything was counted.
 */
export async function takeAll(checks: readonly LimitCheck[]): Promise<{ index: number; waitMs: number } | undefined> {
  for (const [index, { limiter, key }] of checks.entries()) {
    const waitMs = await msBeforeAllowed(limiter, key);
    if (waitMs > 0) return { index, waitMs };
  }
  for (const { limiter, key } of checks) await countAction(limiter, key);
  return undefined;
}
