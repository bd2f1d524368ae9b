// The settlement arithmetic of a parimutuel pool, in integer hundredths: the house takes its cut of the pool
// (rounded down), the winners share the rest pro rata to their stakes (each share rounded down), and what rounding
// leaves goes to a named account, so payouts + cut + remainder equal the pool exactly.

/** Basis points: 500 is a 5% cut. */
export const basisPoints = 10_000;

export type PoolTotals = { pool: number; winningStake: number; houseCut: number };

/** The house cut of a pool: rounded down, so the house never takes a fraction it was not given. */
export function houseCutOf(pool: number, cutBps: number): number {
  return Number((BigInt(pool) * BigInt(cutBps)) / BigInt(basisPoints));
}

/** One winning stake's share of what the winners split: floor(stake × (pool − cut) ÷ winning stake), exact in BigInt. */
export function payoutOf(stake: number, totals: PoolTotals): number {
  return Number((BigInt(stake) * BigInt(totals.pool - totals.houseCut)) / BigInt(totals.winningStake));
}

/** A pool nobody can lose (one side empty): every stake goes back. */
export function isOneSided(totals: Pick<PoolTotals, 'pool' | 'winningStake'>): boolean {
  return totals.winningStake === 0 || totals.winningStake === totals.pool;
}

export type Settlement = { houseCut: number; payouts: number[]; remainder: number };

/** The whole settlement of the winning stakes at once (what the chunks add up to; used by tests and the benchmark). */
export function settle(pool: number, winningStakes: readonly number[], cutBps: number): Settlement {
  const winningStake = winningStakes.reduce((sum, stake) => sum + stake, 0);
  const houseCut = houseCutOf(pool, cutBps);
  const payouts = winningStakes.map((stake) => payoutOf(stake, { pool, winningStake, houseCut }));
  const paid = payouts.reduce((sum, payout) => sum + payout, 0);
  return { houseCut, payouts, remainder: pool - houseCut - paid };
}
