// What one room sends its viewers on one gateway, frame by frame: priority messages (gifts, moderation,
// quiz, system) go out at once; plain chat goes out at once while the room is under its frame budget, and
// above it in batches every 100 ms; past a second limit a batch aggregates identical lines ("×12") and samples
// the rest. Every frame is built once and handed to `emit`, which writes the same bytes to every viewer.
// A very large room spaces its batches further apart, so the gateway's socket writes per second stay within what
// one process can make (every write to a socket is a system call), and so does a room whose broadcasts have become
// slow (a busy machine): it sends fewer, fuller frames rather than falling behind.
import { batchableTypes } from './protocol';

export type FeedItem = {
  /** The message frame as published: `{"seq":N,...}` for logged messages, no seq for ephemeral ones. */
  frame: string;
  seq?: number;
  type: string;
  content?: string;
  props_type?: number;
  vip_level?: number;
  /** Login messages: 1 a line in the chat, 0 a welcome. */
  line?: number;
};

export type FeedLimits = {
  /** Frames per second a viewer of the room receives for plain chat (the room's budget). */
  framesPerSecond: number;
  /** Chat above the budget waits at most this long and leaves as one frame. */
  batchIntervalMs: number;
  /** The second limit: messages per 100 ms batch; past it identical lines are aggregated and the rest sampled. */
  maxPerBatch: number;
  /** Socket writes per second a room may cost its gateway; a bigger room gets fewer frames per viewer… */
  writesPerSecond: number;
  /** Share of the process's time a room's broadcasts may take: slower fan-outs mean fewer frames… */
  busyShare: number;
  /** …but never fewer than this many. */
  minFramesPerSecond: number;
};

export const defaultFeedLimits: FeedLimits = {
  framesPerSecond: 10,
  batchIntervalMs: 100,
  maxPerBatch: 20,
  writesPerSecond: 40_000,
  busyShare: 0.5,
  minFramesPerSecond: 2,
};

/** Frames per second and batch spacing for a room of `viewers` on this gateway whose broadcasts take `broadcastMs`. */
export function roomBudget(limits: FeedLimits, viewers: number, broadcastMs = 0): { framesPerSecond: number; intervalMs: number; maxPerBatch: number } {
  const byWrites = Math.floor(limits.writesPerSecond / Math.max(1, viewers));
  const byTime = broadcastMs > 0 ? Math.floor((limits.busyShare * 1000) / broadcastMs) : limits.framesPerSecond;
  const framesPerSecond = Math.max(limits.minFramesPerSecond, Math.min(limits.framesPerSecond, byWrites, byTime));
  const intervalMs = Math.max(limits.batchIntervalMs, Math.round(1000 / framesPerSecond));
  return { framesPerSecond, intervalMs, maxPerBatch: Math.round((limits.maxPerBatch * intervalMs) / limits.batchIntervalMs) };
}

export type FeedClock = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (timer: unknown) => void;
};

const systemClock: FeedClock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export type RoomFeed = {
  push(item: FeedItem): void;
  /** Sends what waits now (before a resync, or when the room closes). */
  flush(): void;
  close(): void;
};

export function createRoomFeed(
  groupId: string,
  emit: (frame: string) => void,
  limits: FeedLimits = defaultFeedLimits,
  clock: FeedClock = systemClock,
  viewers: () => number = () => 1,
): RoomFeed {
  let budget = roomBudget(limits, viewers());
  let tokens = budget.framesPerSecond;
  let refilledAt = clock.now();
  let pending: FeedItem[] = [];
  let timer: unknown;
  /** How long a broadcast takes, smoothed over the last few. */
  let broadcastMs = 0;
  const groupJson = JSON.stringify(groupId);

  const send = (frame: string) => {
    const started = clock.now();
    emit(frame);
    broadcastMs = broadcastMs * 0.8 + (clock.now() - started) * 0.2;
  };

  const refill = () => {
    const now = clock.now();
    budget = roomBudget(limits, viewers(), broadcastMs);
    tokens = Math.min(budget.framesPerSecond, tokens + ((now - refilledAt) * budget.framesPerSecond) / 1000);
    refilledAt = now;
  };
  // Priority frames may take the budget below zero: chat then waits for batches until it recovers.
  const spend = () => {
    tokens = Math.max(-budget.framesPerSecond, tokens - 1);
  };

  const flush = () => {
    if (timer !== undefined) {
      clock.clearTimeout(timer);
      timer = undefined;
    }
    if (pending.length === 0) return;
    const items = pending;
    pending = [];
    refill();
    spend();
    send(items.length === 1 ? items[0].frame : batchFrame(groupJson, items, budget.maxPerBatch));
  };

  return {
    push(item) {
      if (batchableTypes.has(item.type)) {
        refill();
        if (pending.length === 0 && tokens >= 1) {
          spend();
          send(item.frame);
          return;
        }
        pending.push(item);
        timer ??= clock.setTimeout(flush, budget.intervalMs);
        return;
      }
      // Order is kept: chat waiting in a batch leaves before the priority message that follows it.
      flush();
      refill();
      spend();
      send(item.frame);
    },
    flush,
    close() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      pending = [];
    },
  };
}

/** One frame for several chat messages; `from`/`to` cover every seq in it, including sampled-out ones. */
export function batchFrame(groupJson: string, items: FeedItem[], maxPerBatch: number): string {
  let from = 0;
  let to = 0;
  for (const item of items) {
    if (item.seq === undefined) continue;
    if (from === 0 || item.seq < from) from = item.seq;
    if (item.seq > to) to = item.seq;
  }
  let frames: string[];
  let dropped = 0;
  if (items.length <= maxPerBatch) {
    frames = items.map((item) => item.frame);
  } else {
    const merged = aggregateIdentical(items);
    const kept = merged.length > maxPerBatch ? sample(merged, maxPerBatch) : merged;
    frames = kept.map((entry) => entry.frame);
    dropped = items.length - kept.reduce((sum, entry) => sum + entry.count, 0);
  }
  const range = to > 0 ? `,"from":${from},"to":${to}` : '';
  const droppedField = dropped > 0 ? `,"dropped":${dropped}` : '';
  return `{"type":"batch","groupId":${groupJson}${range},"msgs":[${frames.join(',')}]${droppedField}}`;
}

type Merged = { item: FeedItem; frame: string; count: number };

/** Plain lines with the same text become one, carrying `hit` (how many were sent), in first-seen order. */
export function aggregateIdentical(items: FeedItem[]): Merged[] {
  const merged: Merged[] = [];
  const byText = new Map<string, Merged>();
  for (const item of items) {
    const text = item.type === 'say' && !item.props_type ? item.content : undefined;
    const existing = text === undefined ? undefined : byText.get(text);
    if (existing) {
      existing.count += 1;
      continue;
    }
    const entry = { item, frame: item.frame, count: 1 };
    merged.push(entry);
    if (text !== undefined) byText.set(text, entry);
  }
  for (const entry of merged) {
    if (entry.count > 1) entry.frame = withHit(entry.frame, entry.count);
  }
  return merged;
}

function withHit(frame: string, hit: number): string {
  const message: Record<string, unknown> = JSON.parse(frame);
  message.hit = hit;
  return JSON.stringify(message);
}

/** How much a line is worth keeping when a batch must shrink: aggregated, props, VIP, login line, welcome. */
function worth(entry: Merged): number {
  const { item } = entry;
  if (item.type === 'login') return item.line ? 1 : -1;
  return (entry.count > 1 ? 4 : 0) + (item.props_type ? 2 : 0) + (item.vip_level ? 1 : 0);
}

/** Keeps `limit` entries, the most valuable first, spread evenly within a value, in their original order. */
export function sample(entries: Merged[], limit: number): Merged[] {
  const byWorth = new Map<number, number[]>();
  entries.forEach((entry, index) => {
    const value = worth(entry);
    byWorth.set(value, [...(byWorth.get(value) ?? []), index]);
  });
  const keep = new Set<number>();
  for (const [, indices] of [...byWorth.entries()].sort((a, b) => b[0] - a[0])) {
    const room = limit - keep.size;
    if (room <= 0) break;
    if (indices.length <= room) {
      indices.forEach((index) => keep.add(index));
    } else {
      for (let i = 0; i < room; i += 1) keep.add(indices[Math.floor((i * indices.length) / room)]);
    }
  }
  return entries.filter((_, index) => keep.has(index));
}
