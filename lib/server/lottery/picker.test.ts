// The prize picker over 100 000 draws from the real CSPRNG: every prize's count within 6 standard deviations of its
// weight's share (a false alarm about once in a billion runs), nothing picked that has no weight left.
import { chancePercent, pickPrize, type Weighted } from './picker';

const table: Weighted[] = [
  { id: 1, weight: 5 },
  { id: 2, weight: 45 },
  { id: 3, weight: 150 },
  { id: 4, weight: 300 },
  { id: 5, weight: 500 },
];

describe('pickPrize', () => {
  it('lands on each prize as often as its weight says, over 100 000 draws', () => {
    const draws = 100_000;
    const counts = new Map<number, number>();
    for (let index = 0; index < draws; index += 1) {
      const prize = pickPrize(table);
      counts.set(prize?.id ?? 0, (counts.get(prize?.id ?? 0) ?? 0) + 1);
    }
    const total = table.reduce((sum, prize) => sum + prize.weight, 0);
    for (const prize of table) {
      const share = prize.weight / total;
      const expected = draws * share;
      const sigma = Math.sqrt(draws * share * (1 - share));
      expect(Math.abs((counts.get(prize.id) ?? 0) - expected)).toBeLessThan(6 * sigma);
    }
    expect(counts.get(0)).toBeUndefined();
  });

  it('walks the table in order with the number it is given, and finds nothing in an empty table', () => {
    expect(pickPrize(table, () => 0)?.id).toBe(1);
    expect(pickPrize(table, () => 4)?.id).toBe(1);
    expect(pickPrize(table, () => 5)?.id).toBe(2);
    expect(pickPrize(table, () => 999)?.id).toBe(5);
    expect(pickPrize([], () => 0)).toBeUndefined();
  });

  it('states chances in percent with two decimals', () => {
    expect(chancePercent(5, 1000)).toBe(0.5);
    expect(chancePercent(1, 3)).toBe(33.33);
    expect(chancePercent(1, 0)).toBe(0);
  });
});
