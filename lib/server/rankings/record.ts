import 'server-only';
// What the rankings count (docs/rankings.md): gifts paid in gems (the `diamond` currency) add their value to the
// room's contribution board (by sender), to the anchors' income board and to the users' spending board; mall
// purchases in gems add to the spending board. Gold is the free currency (rewards, check-in): it buys gifts and
// items but ranks no one, so a board cannot be climbed with handed-out coins.
// Callers record after their movement committed; a ranking that cannot be written is logged, never turned
// into a failed gift or purchase.
import type { Db } from '@/lib/db';
import { log } from '@/lib/server/log';
import type { RankBroadcaster } from './broadcast';
import { rankBroadcasterFor, rankingStoreFor } from './index';
import { periodKeys } from './periods';
import type { RankingIncrement, RankingStore } from './store';

type Currency = 'diamond' | 'gold';

export type GiftContribution = {
  anchorId: number;
  senderId: number;
  /** Hundredths, in the gift's currency. */
  value: number;
  currency: Currency;
  at: Date;
};

export type Spending = { userId: number; value: number; currency: Currency; at: Date };

/** The store and broadcaster to use; the process's own by default (tests pass their own). */
export type RankingServices = { store?: RankingStore; broadcaster?: RankBroadcaster | null };

function checkValue(value: number): void {
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`a ranking value is a positive integer of hundredths, not ${value}`);
}

async function add(db: Db, increments: RankingIncrement[], at: Date, services: RankingServices): Promise<boolean> {
  const keys = periodKeys(at);
  try {
    await (services.store ?? rankingStoreFor(db)).add(increments, [keys.day, keys.week, keys.all]);
    return true;
  } catch (error) {
    log.error('ranking update failed', { increments: JSON.stringify(increments), error: String(error) });
    return false;
  }
}

/** After a gift was sent: true when it counted (a gem gift written to the boards). */
export async function recordGiftContribution(db: Db, input: GiftContribution, services: RankingServices = {}): Promise<boolean> {
  checkValue(input.value);
  if (input.currency !== 'diamond') return false;
  const counted = await add(
    db,
    [
      { board: `room:${input.anchorId}`, member: input.senderId, score: input.value },
      { board: 'anchors', member: input.anchorId, score: input.value },
      { board: 'users', member: input.senderId, score: input.value },
    ],
    input.at,
    services,
  );
  const broadcaster = services.broadcaster === undefined ? rankBroadcasterFor(db) : services.broadcaster;
  if (counted) broadcaster?.touch(input.anchorId);
  return counted;
}

/** After a purchase (the mall): true when it counted toward the spending board. */
export async function recordSpending(db: Db, input: Spending, services: RankingServices = {}): Promise<boolean> {
  checkValue(input.value);
  if (input.currency !== 'diamond') return false;
  return add(db, [{ board: 'users', member: input.userId, score: input.value }], input.at, services);
}
