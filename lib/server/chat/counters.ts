import 'server-only';
// Where each viewer's chat state (last message, violation counts, automatic mutes) is kept: in memory, or in
// Redis when REDIS_URL is set so that every gateway process shares it. Entries fade after a day.
import Redis from 'ioredis';
import { getEnv } from '@/lib/env';
import { freshSpeakerState, type SpeakerState } from './rules';

export interface SpeakerStates {
  get(room: string, userId: number): Promise<SpeakerState>;
  set(room: string, userId: number, state: SpeakerState): Promise<void>;
  /** An unban starts the viewer's counts again (spec §4). */
  clear(room: string, userId: number): Promise<void>;
  close(): Promise<void>;
}

const ttlSeconds = 86_400;
const memoryCapacity = 100_000;

function createMemorySpeakerStates(): SpeakerStates {
  // Insertion order doubles as recency: the oldest entry goes first when the map is full.
  const states = new Map<string, { state: SpeakerState; at: number }>();
  const key = (room: string, userId: number) => `${room}|${userId}`;
  return {
    async get(room, userId) {
      const entry = states.get(key(room, userId));
      if (!entry || Date.now() - entry.at > ttlSeconds * 1000) return freshSpeakerState;
      return entry.state;
    },
    async set(room, userId, state) {
      const name = key(room, userId);
      states.delete(name);
      states.set(name, { state, at: Date.now() });
      if (states.size > memoryCapacity) states.delete(states.keys().next().value ?? name);
    },
    async clear(room, userId) {
      states.delete(key(room, userId));
    },
    async close() {
      states.clear();
    },
  };
}

const fields = ['lastAt', 'continuous', 'total', 'totalSince', 'mutes', 'mutesSince'] as const;

function createRedisSpeakerStates(url: string, keyPrefix = getEnv().REDIS_KEY_PREFIX): SpeakerStates {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  // While Redis is away each process keeps counting on its own rather than letting every message through.
  const fallback = createMemorySpeakerStates();
  const key = (room: string, userId: number) => `${keyPrefix}chat:speaker:${room}:${userId}`;
  return {
    async get(room, userId) {
      try {
        const values = await redis.hmget(key(room, userId), ...fields);
        // Nothing in Redis: what this process wrote while Redis could not take it (before it connected, or while it
        // was away) is the newest there is; without this, a second line right after start-up passed the speak rate.
        if (values.every((value) => value === null)) return fallback.get(room, userId);
        const [lastAt, continuous, total, totalSince, mutes, mutesSince] = values.map((value) => Number(value ?? 0));
        return { lastAt, continuous, total, totalSince, mutes, mutesSince };
      } catch {
        return fallback.get(room, userId);
      }
    },
    async set(room, userId, state) {
      await fallback.set(room, userId, state);
      const name = key(room, userId);
      await redis
        .multi()
        .hset(name, state)
        .expire(name, ttlSeconds)
        .exec()
        .catch(() => undefined);
    },
    async clear(room, userId) {
      await fallback.clear(room, userId);
      await redis.del(key(room, userId)).catch(() => undefined);
    },
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}

export function createSpeakerStates(): SpeakerStates {
  const url = getEnv().REDIS_URL;
  return url ? createRedisSpeakerStates(url) : createMemorySpeakerStates();
}
