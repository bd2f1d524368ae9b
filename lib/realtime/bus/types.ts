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

/**
 * The channel every gateway listens on for one message to many accounts (a followed anchor went live): a publish
 * names up to `userBatchSize` accounts and carries the message once; each gateway hands it to the accounts it holds.
 * A million followers cost a thousand publishes instead of a million.
 */
export const userBatchChannel = 'users:batch';
/** Accounts one batch names: about 10 KB of ids, small for Redis and quick for every gateway to scan. */
export const userBatchSize = 1000;

/** `{"users":[…]}`, a newline, then the message as it will be sent (JSON never holds a raw newline): no re-encoding. */
export function encodeUserBatch(userIds: readonly number[], message: string): string {
  return `${JSON.stringify({ users: userIds })}\n${message}`;
}

export function decodeUserBatch(published: string): { userIds: number[]; message: string } | undefined {
  const cut = published.indexOf('\n');
  if (cut < 0) return undefined;
  try {
    const header: unknown = JSON.parse(published.slice(0, cut));
    if (typeof header !== 'object' || header === null || !('users' in header) || !Array.isArray(header.users)) return undefined;
    return { userIds: header.users.filter((id): id is number => Number.isSafeInteger(id)), message: published.slice(cut + 1) };
  } catch {
    return undefined;
  }
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
