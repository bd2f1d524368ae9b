// The dice guess (/sieve, docs/games.md): three dice from the server's CSPRNG. Big (11–17) and small (4–10) pay
// twice the stake and lose on three of a kind; an exact total pays its true odds less 5 %. Pure, so the tests can
// check every bet's expected return exactly and feed the plays a chosen roll.
import type { RandomBelow } from '@/lib/server/lottery/picker';
import { diceTotals, type DiceBet } from '@/lib/validation/games-constants';

const faces = 6;
/** The house keeps 5 % of an exact total's true odds. */
const totalOddsKeptPercent = 95;

export type DiceGuess = { bet: DiceBet; total?: number };

export function rollDice(randomBelow: RandomBelow): [number, number, number] {
  return [randomBelow(faces) + 1, randomBelow(faces) + 1, randomBelow(faces) + 1];
}

/** The 216 rolls of three dice. */
const everyRoll: readonly (readonly number[])[] = Array.from({ length: faces ** 3 }, (_, index) => [
  Math.floor(index / 36) + 1,
  (Math.floor(index / 6) % faces) + 1,
  (index % faces) + 1,
]);

/** In how many of the 216 rolls of three dice the faces add up to `total`. */
export function waysToRoll(total: number): number {
  return everyRoll.filter((dice) => dice[0] + dice[1] + dice[2] === total).length;
}

/** In how many of the 216 rolls a guess wins. */
export function winningRolls(guess: DiceGuess): number {
  return everyRoll.filter((dice) => guessWins(guess, dice)).length;
}

/** What a winning guess returns per 100 staked (the stake included): 200 for big or small, the odds for a total. */
export function dicePayoutPer100(guess: DiceGuess): number {
  if (guess.bet !== 'total') return 200;
  const total = guess.total ?? 0;
  if (total < diceTotals.min || total > diceTotals.max) throw new RangeError(`no bet on a total of ${total}`);
  return Math.floor((faces ** 3 * totalOddsKeptPercent) / waysToRoll(total));
}

export function guessWins(guess: DiceGuess, dice: readonly number[]): boolean {
  const sum = dice.reduce((total, face) => total + face, 0);
  const triple = dice.every((face) => face === dice[0]);
  if (guess.bet === 'total') return sum === guess.total;
  if (triple) return false;
  return guess.bet === 'big' ? sum >= 11 && sum <= 17 : sum >= 4 && sum <= 10;
}

/** The gold a play returns: the stake times the odds, rounded down to a hundredth; 0 when the guess lost. */
export function dicePayout(guess: DiceGuess, dice: readonly number[], stake: number): number {
  return guessWins(guess, dice) ? Math.floor((stake * dicePayoutPer100(guess)) / 100) : 0;
}

/** The mean return per unit staked over all 216 rolls (below 1: the house's edge). */
export function diceExpectedReturn(guess: DiceGuess): number {
  const returned = everyRoll.reduce((sum, dice) => sum + dicePayout(guess, dice, 10_000), 0);
  return returned / 10_000 / everyRoll.length;
}
