// Choosing a prize (docs/lottery.md): one uniform integer below the sum of the weights still in stock, from the
// server's CSPRNG (crypto.randomInt); pure, so the 100 000-draw test feeds it the same source the draws use.
import crypto from 'node:crypto';

export type Weighted = { id: number; weight: number };

/** A uniform integer in [0, max): crypto.randomInt by default. */
export type RandomBelow = (max: number) => number;
export const cryptoRandomBelow: RandomBelow = (max) => crypto.randomInt(max);

/** The prize a draw lands on, each with probability weight / total; undefined when nothing is left. */
export function pickPrize<T extends Weighted>(prizes: readonly T[], randomBelow: RandomBelow = cryptoRandomBelow): T | undefined {
  const total = prizes.reduce((sum, prize) => sum + prize.weight, 0);
  if (total <= 0) return undefined;
  let ticket = randomBelow(total);
  for (const prize of prizes) {
    if (ticket < prize.weight) return prize;
    ticket -= prize.weight;
  }
  return undefined;
}

/** Percent with two decimals, as the page shows a prize's chance. */
export function chancePercent(weight: number, total: number): number {
  return total > 0 ? Math.round((weight / total) * 10_000) / 100 : 0;
}
