// Where the running totals of the rankings live: Redis sorted sets when REDIS_URL is set, a table otherwise
// (docs/rankings.md). Both answer the same questions the same way: highest score first, ties by the smaller
// member id, ranks counted from 1.

/** `room:<anchor id>`, `anchors` or `users`. */
export type RankingBoard = `room:${number}` | 'anchors' | 'users';

/** One member's gain on one board: added to the day, the week and the all-time bucket of the moment. */
export type RankingIncrement = { board: RankingBoard; member: number; score: number };

type RankingScore = { member: number; score: number };
type RankingStanding = { rank: number; score: number };

export interface RankingStore {
  readonly kind: 'table' | 'redis';
  /** Adds every increment to the buckets `periodKeys` names, all or nothing. */
  add(increments: readonly RankingIncrement[], periodKeys: readonly string[]): Promise<void>;
  top(board: RankingBoard, periodKey: string, limit: number): Promise<RankingScore[]>;
  /** The member's place on the board, or null when it has no score there. */
  standing(board: RankingBoard, periodKey: string, member: number): Promise<RankingStanding | null>;
  /**
   * The broadcast throttle shared by every process using this store: claims `name` for `ms`; 0 when claimed,
   * otherwise the milliseconds until it can be claimed again.
   */
  claim(name: string, ms: number): Promise<number>;
  /** Keeps `value` as the last one published under `name`; true when it differs from the one kept before. */
  replaceLast(name: string, value: string): Promise<boolean>;
}

/** Adds up increments aimed at the same board and member, so one write touches each row once. */
export function mergeIncrements(increments: readonly RankingIncrement[]): RankingIncrement[] {
  const merged = new Map<string, RankingIncrement>();
  for (const increment of increments) {
    const key = `${increment.board}\u0000${increment.member}`;
    const known = merged.get(key);
    merged.set(key, known ? { ...known, score: known.score + increment.score } : { ...increment });
  }
  return [...merged.values()];
}
