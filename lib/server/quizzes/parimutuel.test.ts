// The settlement arithmetic as properties: for any pool, cut and spread of winning stakes the payouts, the cut and
// the rounding remainder add up to the pool exactly, no payout is negative, a larger stake never gets less, and the
// remainder is less than one hundredth per winner.
import fc from 'fast-check';
import { houseCutOf, isOneSided, payoutOf, settle } from './parimutuel';

const stakes = fc.array(fc.integer({ min: 1, max: 100_000_000 }), { minLength: 1, maxLength: 200 });
const losing = fc.integer({ min: 1, max: 10_000_000_000 });
const cutBps = fc.integer({ min: 0, max: 5000 });

describe('parimutuel settlement', () => {
  it('pays out exactly the pool: payouts + cut + remainder = pool, nothing negative', () => {
    fc.assert(
      fc.property(stakes, losing, cutBps, (winning, lost, cut) => {
        const pool = winning.reduce((sum, stake) => sum + stake, 0) + lost;
        const { houseCut, payouts, remainder } = settle(pool, winning, cut);
        expect(payouts.reduce((sum, payout) => sum + payout, 0) + houseCut + remainder).toBe(pool);
        expect(payouts.every((payout) => Number.isSafeInteger(payout) && payout >= 0)).toBe(true);
        expect(houseCut).toBeGreaterThanOrEqual(0);
        // Each share is rounded down by less than a hundredth, so the remainder is below one per winner.
        expect(remainder).toBeGreaterThanOrEqual(0);
        expect(remainder).toBeLessThan(winning.length);
      }),
      { numRuns: 500 },
    );
  });

  it('orders winners by stake: a larger stake never gets a smaller payout', () => {
    fc.assert(
      fc.property(stakes, losing, cutBps, (winning, lost, cut) => {
        const pool = winning.reduce((sum, stake) => sum + stake, 0) + lost;
        const { payouts } = settle(pool, winning, cut);
        const byStake = winning.map((stake, index) => ({ stake, payout: payouts[index] })).sort((a, b) => a.stake - b.stake);
        for (let index = 1; index < byStake.length; index += 1) expect(byStake[index].payout).toBeGreaterThanOrEqual(byStake[index - 1].payout);
      }),
      { numRuns: 300 },
    );
  });

  it('pays a winner back at least their stake when the cut is at most what the losers put in', () => {
    fc.assert(
      fc.property(stakes, losing, cutBps, (winning, lost, cut) => {
        const pool = winning.reduce((sum, stake) => sum + stake, 0) + lost;
        fc.pre(houseCutOf(pool, cut) <= lost);
        const { payouts } = settle(pool, winning, cut);
        payouts.forEach((payout, index) => expect(payout).toBeGreaterThanOrEqual(winning[index]));
      }),
      { numRuns: 300 },
    );
  });

  it('worked example: 100 + 300 on A, 600 on B, A wins, 5% cut', () => {
    const { houseCut, payouts, remainder } = settle(1000, [100, 300], 500);
    expect(houseCut).toBe(50);
    expect(payouts).toEqual([237, 712]);
    expect(remainder).toBe(1);
    expect(payoutOf(100, { pool: 1000, houseCut: 50, winningStake: 400 })).toBe(237);
  });

  it('calls a pool one-sided when one side holds every stake', () => {
    expect(isOneSided({ pool: 500, winningStake: 500 })).toBe(true);
    expect(isOneSided({ pool: 500, winningStake: 0 })).toBe(true);
    expect(isOneSided({ pool: 500, winningStake: 200 })).toBe(false);
  });
});
