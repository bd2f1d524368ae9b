// The dice board (/monopoly, docs/games.md): 20 squares in a ring, a token that each roll of one die moves 1–6
// squares on, and the square it lands on pays: a multiple of the stake in gold, a backpack item, or nothing. A roll
// paid with a lottery chance pays the gold squares as a stake of 1.00. The squares are laid out so that from every
// square the mean return of the next roll is at most 0.95 of the stake (tested), so no choice of when to roll beats
// the house; the page shows that return before each roll.
import type { RandomBelow } from '@/lib/server/lottery/picker';
import { lotteryChanceItemType } from '@/lib/validation/checkin-constants';
import { ticketItemType } from '@/lib/validation/live-constants';

export type BoardSquare = { kind: 'gold'; tenths: number } | { kind: 'item'; itemType: number; count: number } | { kind: 'nothing' };

const gold = (tenths: number): BoardSquare => (tenths === 0 ? { kind: 'nothing' } : { kind: 'gold', tenths });
const chance: BoardSquare = { kind: 'item', itemType: lotteryChanceItemType, count: 1 };
const ticket: BoardSquare = { kind: 'item', itemType: ticketItemType, count: 1 };

/** Square 0 is Start (×1). */
export const boardSquares: readonly BoardSquare[] = [
  gold(10), gold(5), gold(10), gold(5), gold(10), chance, gold(20), gold(10), gold(0), gold(10),
  ticket, gold(0), gold(30), gold(5), gold(5), chance, gold(10), gold(5), gold(20), gold(0),
];
const dieFaces = 6;

/** The gold stake a roll paid with a lottery chance counts as, in hundredths. */
export const chanceRollStake = 100;

export const rollDie = (randomBelow: RandomBelow) => randomBelow(dieFaces) + 1;

export const squareAfter = (from: number, roll: number) => (from + roll) % boardSquares.length;

/** The gold a square pays for a stake, rounded down to a hundredth. */
export function squareGold(square: BoardSquare, stake: number): number {
  return square.kind === 'gold' ? Math.floor((stake * square.tenths) / 10) : 0;
}

/** The mean gold return per unit staked of the next roll from `position`. */
export function boardExpectedReturn(position: number): number {
  let tenths = 0;
  for (let roll = 1; roll <= dieFaces; roll += 1) {
    const square = boardSquares[squareAfter(position, roll)];
    if (square.kind === 'gold') tenths += square.tenths;
  }
  return tenths / 10 / dieFaces;
}
