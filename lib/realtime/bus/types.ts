// The message bus between processes: fan-out of room messages and cross-process notices, and each
// room's log: numbered messages kept for recovery and history (a ring buffer in memory, a Redis Stream).
export type BusHandler = (message: string) => void;

/** The log's identity: a new epoch means the numbering started over (Redis lost its data), so old seqs mean nothing. */
type RoomHead = { epoch: string; seq: number };

/** One logged message: its number and the frame exactly as it was published (`{"seq":N,...}`). */
export type RoomEntry = { seq: number; frame: string };

export type RoomLogLimits = {
  /** Messages a room's log keeps (history depth). */
  keep: number;
  /** An idle room's log is forgotten after this many seconds. */
  idleSeconds: number;
};

export const defaultRoomLogLimits: RoomLogLimits = { keep: 1000, idleSeconds: 86_400 };

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /** Returns the function that stops this subscription. */
  subscribe(channel: string, handler: BusHandler): Promise<() => Promise<void>>;
  /**
   * Numbers `message` (a JSON object without `seq`) in its room, keeps it in the room's log and publishes
   * it on `roomChannel(room)`, as one atomic step: publication order is seq order, for every subscriber.
   */
  append(room: string, message: string): Promise<RoomEntry & { epoch: string }>;
  head(room: string): Promise<RoomHead>;
  /**
   * Every kept entry with seq > afterSeq, oldest first, at most `limit`; undefined when the log cannot
   * vouch for them all (trimmed past afterSeq, or more than `limit` missed). Deleted messages stay deleted.
   */
  readAfter(room: string, afterSeq: number, limit: number): Promise<RoomEntry[] | undefined>;
  /** Up to `count` entries older than `beforeSeq` (newest when absent), oldest first. */
  readBefore(room: string, beforeSeq: number | undefined, count: number): Promise<RoomEntry[]>;
  /** Deletes the logged messages `matches` picks (a deleted message, a banned user's lines); returns how many. */
  remove(room: string, matches: (message: Record<string, unknown>) => boolean): Promise<number>;
  /** Called when deliveries may have been lost (the Redis subscriber reconnected): rooms must resynchronise. */
  onReset(listener: () => void): () => void;
  health(): Promise<'ok' | string>;
  close(): Promise<void>;
}

/** The pub/sub channel a room's messages are published on. */
export function roomChannel(room: string): string {
  return `room:${room}`;
}

/** The channel of one account: messages to every connection of it, and notices about it (kick, identity). */
export function userChannel(userId: number): string {
  return `user:${userId}`;
}

/** `{"seq":N,` + the rest of the message: the number goes in front so the frame is built once, by concatenation. */
export function numberedFrame(seq: number, message: string): string {
  return `{"seq":${seq},${message.slice(1)}`;
}

export function parseLogged(frame: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(frame);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
