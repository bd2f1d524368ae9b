import 'server-only';
// Rate limiters (rate-limiter-flexible): in memory, or in Redis when REDIS_URL is set so that every
// process counts together. All of them share one Redis connection.
import Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
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
