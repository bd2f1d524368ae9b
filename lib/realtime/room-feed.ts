// What one room sends its viewers on one gateway, frame by frame: priority messages (gifts, moderation,
// quiz, system) go out at once; plain chat goes out at once while the room is under its frame budget, and
// above it in batches every 100 ms; past a second limit a batch aggregates identical lines ("×12") and samples
// the rest. Every frame is built once and written as the same bytes to every viewer it is for.
// A very large room spaces its batches further apart, so the gateway's socket writes per second stay within what
// one process can make (every write to a socket is a system call), and so does a room whose broadcasts have become
// slow (a busy machine): it sends fewer, fuller frames rather than falling behind.
// Batches go out lane by lane: the viewers are split into lanes whose batches are staggered across the interval,
// so no single fan-out holds the process for long and a message waits at most one interval plus one lane's writes
// (instead of one interval plus a write to every viewer of the room).
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
  writesPerSecond: 60_000,
  busyShare: 0.7,
  minFramesPerSecond: 2,
};

export type RoomBudget = { framesPerSecond: number; intervalMs: number; maxPerBatch: number };

/** Frames per second and batch spacing for a room of `viewers` on this gateway whose broadcasts take `broadcastMs`. */
export function roomBudget(limits: FeedLimits, viewers: number, broadcastMs = 0): RoomBudget {
  const byWrites = limits.writesPerSecond / Math.max(1, viewers);
  const byTime = broadcastMs > 0 ? (limits.busyShare * 1000) / broadcastMs : limits.framesPerSecond;
  const framesPerSecond = Math.max(limits.minFramesPerSecond, Math.min(limits.framesPerSecond, byWrites, byTime));
  const intervalMs = Math.max(limits.batchIntervalMs, Math.round(1000 / framesPerSecond));
  return { framesPerSecond: Math.round(framesPerSecond * 100) / 100, intervalMs, maxPerBatch: Math.round((limits.maxPerBatch * intervalMs) / limits.batchIntervalMs) };
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

/** Who a room's frames go to: its viewers on this gateway, split into a fixed number of lanes. */
export type FeedAudience = {
  readonly lanes: number;
  viewers(): number;
  laneViewers(lane: number): number;
  /** Writes the frame to one lane's viewers, or to every viewer without a lane; returns how many it reached. */
  write(frame: string, lane?: number): number;
};

export type RoomFeed = {
  push(item: FeedItem): void;
  /** Sends what waits now (before a resync, or when the room closes). */
  flush(): void;
  close(): void;
};

export function createRoomFeed(groupId: string, audience: FeedAudience, limits: FeedLimits = defaultFeedLimits, clock: FeedClock = systemClock): RoomFeed {
  const { lanes } = audience;
  let budget = roomBudget(limits, audience.viewers());
  let tokens = budget.framesPerSecond;
  let refilledAt = clock.now();
  /** Chat waiting for the lanes; `queued[0]` is number `queueStart` of the room's chat, and each lane's cursor is the next one it sends. */
  let queued: FeedItem[] = [];
  let queueStart = 0;
  const cursors = new Array<number>(lanes).fill(0);
  let nextLane = 0;
  let timer: unknown;
  /** How long a write to every viewer takes, estimated from the writes made and smoothed. */
  let broadcastMs = 0;
  const groupJson = JSON.stringify(groupId);

  const send = (frame: string, lane?: number) => {
    const started = clock.now();
    const reached = audience.write(frame, lane);
    if (reached === 0) return;
    const wholeRoom = ((clock.now() - started) * Math.max(reached, audience.viewers())) / reached;
    broadcastMs = broadcastMs * 0.8 + wholeRoom * 0.2;
  };

  const refill = () => {
    const now = clock.now();
    budget = roomBudget(limits, audience.viewers(), broadcastMs);
    tokens = Math.min(budget.framesPerSecond, tokens + ((now - refilledAt) * budget.framesPerSecond) / 1000);
    refilledAt = now;
  };
  // A frame to every viewer costs one token, a lane's share of them its share of one. Priority frames may take
  // the budget below zero: chat then waits for batches until it recovers.
  const spend = (share = 1) => {
    tokens = Math.max(-budget.framesPerSecond, tokens - share);
  };

  const queueEnd = () => queueStart + queued.length;
  const caughtUp = () => cursors.every((cursor) => cursor === queueEnd());

  const sendLane = (lane: number) => {
    const items = queued.slice(cursors[lane] - queueStart);
    cursors[lane] = queueEnd();
    const viewers = audience.laneViewers(lane);
    if (items.length === 0 || viewers === 0) return;
    spend(viewers / Math.max(1, audience.viewers()));
    send(items.length === 1 ? items[0].frame : batchFrame(groupJson, items, budget.maxPerBatch), lanes > 1 ? lane : undefined);
  };

  const forgetSent = () => {
    const oldest = Math.min(...cursors);
    queued = queued.slice(oldest - queueStart);
    queueStart = oldest;
  };

  // One lane every interval/lanes: each lane's viewers get a frame every interval, at its own moment. Ticks keep
  // to their planned times (a late timer does not push the next ones back).
  let tickDueAt = 0;
  const schedule = (from: number) => {
    tickDueAt = from + budget.intervalMs / lanes;
    timer = clock.setTimeout(tick, Math.max(0, tickDueAt - clock.now()));
  };
  const tick = () => {
    timer = undefined;
    refill();
    sendLane(nextLane);
    nextLane = (nextLane + 1) % lanes;
    forgetSent();
    if (!caughtUp()) schedule(Math.max(tickDueAt, clock.now() - budget.intervalMs / lanes));
  };

  const flush = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
    refill();
    for (let lane = 0; lane < lanes; lane += 1) sendLane(lane);
    forgetSent();
  };

  return {
    push(item) {
      if (batchableTypes.has(item.type)) {
        refill();
        if (caughtUp() && tokens >= 1) {
          spend();
          send(item.frame);
          return;
        }
        queued.push(item);
        if (timer === undefined) schedule(clock.now());
        return;
      }
      // Order is kept: chat waiting in a batch leaves before the priority message that follows it.
      flush();
      spend();
      send(item.frame);
    },
    flush,
    close() {
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
      queued = [];
      queueStart = 0;
      cursors.fill(0);
    },
  };
}

/** One frame for several chat messages; `from`/`to` cover every seq in it, including sampled-out ones. */
function batchFrame(groupJson: string, items: FeedItem[], maxPerBatch: number): string {
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
function aggregateIdentical(items: FeedItem[]): Merged[] {
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
function sample(entries: Merged[], limit: number): Merged[] {
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
