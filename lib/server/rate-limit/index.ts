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
  const { REDIS_URL: url, REDIS_KEY_PREFIX: installPrefix } = getEnv();
  if (!url) return new RateLimiterMemory(options);
  // If Redis is unreachable the process keeps limiting on its own rather than letting everything through.
  return new RateLimiterRedis({ ...options, keyPrefix: `${installPrefix}${keyPrefix}`, storeClient: sharedRedis(url), rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) });
}

/**
 * Resolves once the limiters' Redis connection is ready (at once without Redis, or after `timeoutMs` when Redis
 * is down). Until then each limiter counts in its in-memory insurance, apart from other processes: the server
 * waits for this before it takes requests.
 */
export async function rateLimitStoreReady(timeoutMs = 5000): Promise<void> {
  const url = getEnv().REDIS_URL;
  if (!url) return;
  const client = sharedRedis(url);
  if (client.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Drops the limiters' Redis connection (shutdown, test teardown); limiters made afterwards reconnect. */
export async function closeRateLimiterConnection(): Promise<void> {
  const client = redis;
  redis = undefined;
  await client?.quit().catch(() => undefined);
}

export type LimitCheck = { limiter: RateLimiterAbstract; key: string };

/** Gives back one point to each limit (a refused request, or an attempt that turned out not to count). */
export async function refundAll(checks: readonly LimitCheck[]): Promise<void> {
  await Promise.all(checks.map(({ limiter, key }) => limiter.reward(key, 1)));
}

/**
 * Takes one point from every limit, then gives them all back if any limit refused: a refused request leaves
 * no counter changed. Each take is one atomic increment (in memory, or a single Redis command), so parallel
 * requests cannot all slip through between a check and a count. Returns the first refusal (which check, and
 * how long to wait), or undefined when every limit was counted.
 */
export async function takeAll(checks: readonly LimitCheck[]): Promise<{ index: number; waitMs: number } | undefined> {
  const taken: LimitCheck[] = [];
  for (const [index, check] of checks.entries()) {
    try {
      await check.limiter.consume(check.key);
      taken.push(check);
    } catch (error) {
      // The refused limit counted this request too: its point goes back with the others.
      if (error instanceof RateLimiterRes) {
        await refundAll([...taken, check]);
        return { index, waitMs: Math.max(error.msBeforeNext, 1) };
      }
      await refundAll(taken);
      throw error;
    }
  }
  return undefined;
}
