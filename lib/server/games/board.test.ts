// The dice board's rules: 20 squares, the token going round, and from every square a roll returning at most 0.95
// of the stake in gold, so no choice of when to stake big beats the house.
import fc from 'fast-check';
import { boardExpectedReturn, boardSquares, squareAfter, squareGold } from './board';

describe('the dice board', () => {
  it('has 20 squares with Start at ×1, two lottery chances and a ticket', () => {
    expect(boardSquares).toHaveLength(20);
    expect(boardSquares[0]).toEqual({ kind: 'gold', tenths: 10 });
    expect(boardSquares.filter((square) => square.kind === 'item')).toHaveLength(3);
  });

  it('returns at most 95 % and at least 60 % of the stake from every square', () => {
    for (let position = 0; position < boardSquares.length; position += 1) {
      expect(boardExpectedReturn(position)).toBeLessThanOrEqual(0.95);
      expect(boardExpectedReturn(position)).toBeGreaterThanOrEqual(0.6);
    }
  });

  it('moves the token round the ring and pays whole hundredths, rounded down', () => {
    expect(squareAfter(18, 4)).toBe(2);
    expect(squareAfter(0, 6)).toBe(6);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 19 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 100_000_000 }), (from, roll, stake) => {
        const to = squareAfter(from, roll);
        const square = boardSquares[to];
        const paid = squareGold(square, stake);
        return to >= 0 && to < 20 && Number.isSafeInteger(paid) && paid >= 0 && paid <= stake * 3 && (square.kind === 'gold' || paid === 0);
      }),
      { numRuns: 2_000 },
    );
  });
});
