// The embedded bus: one process, delivery in memory, each room's log a bounded array.
import crypto from 'node:crypto';
import { defaultRoomLogLimits, numberedFrame, parseLogged, roomChannel, type Bus, type BusHandler, type RoomEntry, type RoomLogLimits } from './types';

type RoomLog = { epoch: string; seq: number; entries: RoomEntry[]; touchedAt: number };

export function createMemoryBus(limits: RoomLogLimits = defaultRoomLogLimits): Bus {
  const channels = new Map<string, Set<BusHandler>>();
  const logs = new Map<string, RoomLog>();

  const deliver = (channel: string, message: string) => {
    for (const handler of channels.get(channel) ?? []) handler(message);
  };

  // Idle rooms are forgotten, so the number of logs stays bounded by the rooms in use.
  const sweeper = setInterval(() => {
    const cutoff = Date.now() - limits.idleSeconds * 1000;
    for (const [room, log] of logs) if (log.touchedAt < cutoff) logs.delete(room);
  }, 60_000);
  sweeper.unref();

  const oldestKept = (log: RoomLog) => Math.max(1, log.seq - limits.keep + 1);

  return {
    kind: 'memory',
    async publish(channel, message) {
      deliver(channel, message);
    },
    async subscribe(channel, handler) {
      const handlers = channels.get(channel) ?? new Set<BusHandler>();
      handlers.add(handler);
      channels.set(channel, handlers);
      return async () => {
        handlers.delete(handler);
        if (handlers.size === 0) channels.delete(channel);
      };
    },
    async append(room, message) {
      let log = logs.get(room);
      if (!log) {
        log = { epoch: crypto.randomBytes(6).toString('hex'), seq: 0, entries: [], touchedAt: 0 };
        logs.set(room, log);
      }
      log.seq += 1;
      log.touchedAt = Date.now();
      const entry = { seq: log.seq, frame: numberedFrame(log.seq, message) };
      log.entries.push(entry);
      const first = oldestKept(log);
      if (log.entries[0].seq < first) log.entries = log.entries.filter((kept) => kept.seq >= first);
      deliver(roomChannel(room), entry.frame);
      return { ...entry, epoch: log.epoch };
    },
    async head(room) {
      const log = logs.get(room);
      return log ? { epoch: log.epoch, seq: log.seq } : { epoch: '', seq: 0 };
    },
    async readAfter(room, afterSeq, limit) {
      const log = logs.get(room);
      if (!log) return afterSeq === 0 ? [] : undefined;
      if (afterSeq > log.seq || log.seq - afterSeq > limit || afterSeq + 1 < oldestKept(log)) return undefined;
      return log.entries.filter((entry) => entry.seq > afterSeq);
    },
    async readBefore(room, beforeSeq, count) {
      const log = logs.get(room);
      if (!log) return [];
      const older = beforeSeq === undefined ? log.entries : log.entries.filter((entry) => entry.seq < beforeSeq);
      return older.slice(-count);
    },
    async remove(room, matches) {
      const log = logs.get(room);
      if (!log) return 0;
      const before = log.entries.length;
      log.entries = log.entries.filter((entry) => !matches(parseLogged(entry.frame)));
      return before - log.entries.length;
    },
    onReset() {
      // Nothing is ever lost between a publisher and its subscribers in one process.
      return () => undefined;
    },
    async health() {
      return 'ok';
    },
    async close() {
      clearInterval(sweeper);
      channels.clear();
      logs.clear();
    },
  };
}
