// The dice guess's rules: every bet's exact expected return (all 216 rolls), who wins on three of a kind, payouts
// rounded down and never above the odds, and the real CSPRNG's faces uniform over 60 000 dice.
import fc from 'fast-check';
import { cryptoRandomBelow } from '@/lib/server/lottery/picker';
import { diceTotals } from '@/lib/validation/games-constants';
import { diceExpectedReturn, dicePayout, dicePayoutPer100, guessWins, rollDice, waysToRoll } from './dice';

const allTotals = Array.from({ length: diceTotals.max - diceTotals.min + 1 }, (_, index) => diceTotals.min + index);

describe('the dice guess', () => {
  it('counts the 216 rolls: 3 to 18, symmetric, 27 ways for 10 and 11', () => {
    const ways = Array.from({ length: 16 }, (_, index) => waysToRoll(index + 3));
    expect(ways.reduce((a, b) => a + b, 0)).toBe(216);
    expect(waysToRoll(10)).toBe(27);
    expect(waysToRoll(4)).toBe(waysToRoll(17));
  });

  it('keeps an edge on every bet: big and small return 97.2 %, each total at most 95 %', () => {
    expect(diceExpectedReturn({ bet: 'big' })).toBeCloseTo(210 / 216, 10);
    expect(diceExpectedReturn({ bet: 'small' })).toBeCloseTo(210 / 216, 10);
    for (const total of allTotals) {
      const back = diceExpectedReturn({ bet: 'total', total });
      expect(back).toBeLessThanOrEqual(0.95);
      expect(back).toBeGreaterThan(0.94);
    }
  });

  it('loses big and small on three of a kind, and pays a total on its own sum only', () => {
    expect(guessWins({ bet: 'big' }, [4, 4, 4])).toBe(false);
    expect(guessWins({ bet: 'small' }, [3, 3, 3])).toBe(false);
    expect(guessWins({ bet: 'big' }, [6, 5, 6])).toBe(true);
    expect(guessWins({ bet: 'small' }, [1, 2, 1])).toBe(true);
    expect(guessWins({ bet: 'total', total: 12 }, [4, 4, 4])).toBe(true);
    expect(dicePayout({ bet: 'total', total: 4 }, [1, 1, 2], 100)).toBe(6_840);
    expect(() => dicePayoutPer100({ bet: 'total', total: 3 })).toThrow(RangeError);
  });

  it('never pays more than the odds, or anything on a lost guess (any stake, any roll)', () => {
    const face = fc.integer({ min: 1, max: 6 });
    const guess = fc.oneof(fc.constantFrom({ bet: 'big' as const }, { bet: 'small' as const }), fc.constantFrom(...allTotals).map((total) => ({ bet: 'total' as const, total })));
    fc.assert(
      fc.property(guess, fc.tuple(face, face, face), fc.integer({ min: 1, max: 100_000_000 }), (bet, dice, stake) => {
        const paid = dicePayout(bet, dice, stake);
        if (!guessWins(bet, dice)) return paid === 0;
        return Number.isSafeInteger(paid) && paid >= stake && paid <= (stake * dicePayoutPer100(bet)) / 100;
      }),
      { numRuns: 2_000 },
    );
  });

  it('rolls fair faces from the CSPRNG: each face within 6 standard deviations over 60 000 dice', () => {
    const counts = [0, 0, 0, 0, 0, 0, 0];
    for (let roll = 0; roll < 20_000; roll += 1) for (const face of rollDice(cryptoRandomBelow)) counts[face] += 1;
    const expected = 60_000 / 6;
    const sd = Math.sqrt(60_000 * (1 / 6) * (5 / 6));
    expect(counts[0]).toBe(0);
    for (let face = 1; face <= 6; face += 1) expect(Math.abs(counts[face] - expected)).toBeLessThan(6 * sd);
  });
});
