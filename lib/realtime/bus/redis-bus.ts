// The bus across processes: Redis pub/sub (one connection to publish and one to listen) and, per room,
// a counter, an epoch and a Stream holding the numbered log. One Lua script numbers, logs and publishes a
// message atomically, so every subscriber receives a room's messages in seq order.
import crypto from 'node:crypto';
import Redis from 'ioredis';
import { getEnv } from '@/lib/env';
import { defaultRoomLogLimits, parseLogged, roomChannel, type Bus, type BusHandler, type RoomEntry, type RoomLogLimits } from './types';

export type RedisBusOptions = RoomLogLimits & {
  /** Prefix of every key this bus writes; tests and deployments sharing one Redis keep apart with it. */
  keyPrefix: string;
};

// KEYS: seq, epoch, stream. ARGV: message without its opening brace, epoch candidate, keep, channel, idle seconds.
// A counter that starts again at 1 (first message, or Redis lost its data) starts a new epoch and an empty log.
const appendScript = `
local seq = redis.call('INCR', KEYS[1])
if seq == 1 then
  redis.call('DEL', KEYS[3])
  redis.call('SET', KEYS[2], ARGV[2])
end
local epoch = redis.call('GET', KEYS[2])
if not epoch then
  epoch = ARGV[2]
  redis.call('SET', KEYS[2], epoch)
end
local frame = '{"seq":' .. seq .. ',' .. ARGV[1]
local minid = seq - tonumber(ARGV[3]) + 1
if minid < 1 then minid = 1 end
redis.call('XADD', KEYS[3], 'MINID', '~', minid .. '-0', seq .. '-1', 'f', frame)
redis.call('PUBLISH', ARGV[4], frame)
redis.call('EXPIRE', KEYS[1], ARGV[5])
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('EXPIRE', KEYS[3], ARGV[5])
return {seq, epoch, frame}
`;
const appendSha = crypto.createHash('sha1').update(appendScript).digest('hex');

type StreamReply = [id: string, fields: string[]][];

function entriesOf(reply: unknown): RoomEntry[] {
  if (!Array.isArray(reply)) return [];
  const entries: RoomEntry[] = [];
  for (const item of reply as StreamReply) {
    const [id, fields] = item;
    const frameIndex = fields.indexOf('f');
    if (frameIndex < 0) continue;
    entries.push({ seq: Number(id.split('-')[0]), frame: fields[frameIndex + 1] });
  }
  return entries;
}

export function createRedisBus(url: string, options: Partial<RedisBusOptions> = {}): Bus {
  const limits = { ...defaultRoomLogLimits, keyPrefix: getEnv().REDIS_KEY_PREFIX, ...options };
  const connection = { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false };
  const publisher = new Redis(url, connection);
  const subscriber = new Redis(url, connection);
  // Connection errors are reported by health(); ioredis keeps reconnecting by itself.
  publisher.on('error', () => undefined);
  subscriber.on('error', () => undefined);
  // Channels carry the prefix too, so two installs sharing one Redis never hear each other.
  const channelName = (channel: string) => `${limits.keyPrefix}${channel}`;
  const channels = new Map<string, Set<BusHandler>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of channels.get(channel) ?? []) handler(message);
  });

  // Pub/sub forgets what was published while the subscriber was away: after a reconnect, rooms resynchronise.
  const resetListeners = new Set<() => void>();
  let dropped = false;
  subscriber.on('close', () => {
    if (subscriber.status !== 'wait') dropped = true;
  });
  subscriber.on('ready', () => {
    if (!dropped) return;
    dropped = false;
    for (const listener of resetListeners) listener();
  });

  const keys = (room: string) => {
    const base = `${limits.keyPrefix}room:${room}`;
    return { seq: `${base}:seq`, epoch: `${base}:epoch`, log: `${base}:log` };
  };

  async function runAppend(room: string, message: string): Promise<unknown> {
    const { seq, epoch, log } = keys(room);
    const args = [message.slice(1), crypto.randomBytes(6).toString('hex'), String(limits.keep), channelName(roomChannel(room)), String(limits.idleSeconds)];
    try {
      return await publisher.evalsha(appendSha, 3, seq, epoch, log, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return publisher.eval(appendScript, 3, seq, epoch, log, ...args);
    }
  }

  async function head(room: string) {
    const { seq, epoch } = keys(room);
    const [seqValue, epochValue] = await publisher.mget(seq, epoch);
    return epochValue ? { epoch: epochValue, seq: Number(seqValue ?? 0) } : { epoch: '', seq: 0 };
  }

  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(channelName(channel), message);
    },
    async subscribe(bare, handler) {
      const channel = channelName(bare);
      let handlers = channels.get(channel);
      if (!handlers) {
        handlers = new Set();
        channels.set(channel, handlers);
        try {
          await subscriber.subscribe(channel);
        } catch (error) {
          channels.delete(channel);
          throw error;
        }
      }
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
        if (handlers.size === 0 && channels.get(channel) === handlers) {
          channels.delete(channel);
          await subscriber.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    async append(room, message) {
      const reply = await runAppend(room, message);
      if (!Array.isArray(reply) || reply.length !== 3) throw new Error('unexpected reply from the room append script');
      const [seq, epoch, frame] = reply as [number, string, string];
      return { seq: Number(seq), epoch: String(epoch), frame: String(frame) };
    },
    head,
    async readAfter(room, afterSeq, limit) {
      const current = await head(room);
      if (current.seq === 0) return afterSeq === 0 ? [] : undefined;
      // Trimming keeps at least `keep` messages (MINID ~ never trims past it), so this is known without a scan.
      const oldestKept = Math.max(1, current.seq - limits.keep + 1);
      if (afterSeq > current.seq || current.seq - afterSeq > limit || afterSeq + 1 < oldestKept) return undefined;
      return entriesOf(await publisher.xrange(keys(room).log, `(${afterSeq}-1`, '+'));
    },
    async readBefore(room, beforeSeq, count) {
      const end = beforeSeq === undefined ? '+' : `(${beforeSeq}-0`;
      return entriesOf(await publisher.xrevrange(keys(room).log, end, '-', 'COUNT', count)).reverse();
    },
    async remove(room, matches) {
      const { log } = keys(room);
      const doomed = entriesOf(await publisher.xrange(log, '-', '+'))
        .filter((entry) => matches(parseLogged(entry.frame)))
        .map((entry) => `${entry.seq}-1`);
      if (doomed.length === 0) return 0;
      return publisher.xdel(log, ...doomed);
    },
    onReset(listener) {
      resetListeners.add(listener);
      return () => resetListeners.delete(listener);
    },
    async health() {
      try {
        return (await publisher.ping()) === 'PONG' ? 'ok' : 'unexpected reply to PING';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    async close() {
      channels.clear();
      resetListeners.clear();
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
