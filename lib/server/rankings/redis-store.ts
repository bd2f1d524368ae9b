import 'server-only';
// The rankings in Redis: one sorted set per board and bucket, ZINCRBY in one MULTI per record, day and week
// sets expiring after their period. Members are stored as the complement of their id, zero-padded, so that
// Redis's order for equal scores (member names, descending) puts the smaller id first, as the table does.
import Redis from 'ioredis';
import { getEnv } from '@/lib/env';
import { periodRetentionSeconds } from './periods';
import { mergeIncrements, type RankingBoard, type RankingStore } from './store';

export type RedisRankingStoreOptions = {
  /** Prefix of every key; tests and installs sharing one Redis keep apart with it (the bus uses the same). */
  keyPrefix: string;
};

/** Ids have at most 15 digits (lib/validation/chat-constants.ts room keys). */
const complementBase = 10n ** 16n - 1n;

function encodeMember(member: number): string {
  return (complementBase - BigInt(member)).toString().padStart(16, '0');
}

function decodeMember(encoded: string): number {
  return Number(complementBase - BigInt(encoded));
}

function retentionOf(periodKey: string): number | undefined {
  if (periodKey.startsWith('d:')) return periodRetentionSeconds.day;
  if (periodKey.startsWith('w:')) return periodRetentionSeconds.week;
  return undefined;
}

// KEYS: the last value. ARGV: the new value, seconds to keep it. Returns the value kept before.
const replaceScript = `
local old = redis.call('GET', KEYS[1])
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
return old
`;

export type RedisRankingStore = RankingStore & { close(): Promise<void> };

export function createRedisRankingStore(url: string, options: Partial<RedisRankingStoreOptions> = {}): RedisRankingStore {
  const prefix = `${options.keyPrefix ?? getEnv().REDIS_KEY_PREFIX}rank:`;
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  // Connection errors reach the caller through its commands; ioredis reconnects by itself.
  redis.on('error', () => undefined);
  const setKey = (board: RankingBoard, periodKey: string) => `${prefix}${board}:${periodKey}`;

  return {
    kind: 'redis',
    async add(increments, periodKeys) {
      const merged = mergeIncrements(increments).filter((increment) => increment.score !== 0);
      if (merged.length === 0) return;
      const multi = redis.multi();
      for (const increment of merged) {
        for (const periodKey of periodKeys) {
          const key = setKey(increment.board, periodKey);
          multi.zincrby(key, increment.score, encodeMember(increment.member));
          const seconds = retentionOf(periodKey);
          if (seconds) multi.expire(key, seconds);
        }
      }
      const replies = await multi.exec();
      const failed = replies?.find(([error]) => error);
      if (!replies || failed) throw failed?.[0] ?? new Error('ranking update was not applied');
    },
    async top(board, periodKey, limit) {
      const flat = await redis.zrevrange(setKey(board, periodKey), 0, limit - 1, 'WITHSCORES');
      const scores = [];
      for (let index = 0; index < flat.length; index += 2) scores.push({ member: decodeMember(flat[index]), score: Number(flat[index + 1]) });
      return scores;
    },
    async standing(board, periodKey, member) {
      const key = setKey(board, periodKey);
      const encoded = encodeMember(member);
      const [[rankError, rank], [scoreError, score]] = (await redis.multi().zrevrank(key, encoded).zscore(key, encoded).exec()) ?? [[null, null], [null, null]];
      if (rankError || scoreError) throw rankError ?? scoreError;
      if (rank === null || score === null) return null;
      return { rank: Number(rank) + 1, score: Number(score) };
    },
    async claim(name, ms) {
      const key = `${prefix}claim:${name}`;
      if ((await redis.set(key, '1', 'PX', ms, 'NX')) === 'OK') return 0;
      const left = await redis.pttl(key);
      // Expired between the two calls (-2), or somehow without a TTL (-1): try again shortly.
      return left > 0 ? left : 1;
    },
    async replaceLast(name, value) {
      const old = await redis.eval(replaceScript, 1, `${prefix}last:${name}`, value, 86_400);
      return old !== value;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
