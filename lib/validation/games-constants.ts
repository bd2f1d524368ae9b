// The games hub's vocabulary without the schemas (lib/validation/games.ts holds those): what kinds of game an
// operator can list, the dice guess's bets and the ways a board roll is paid. docs/games.md.

/** `dice-guess`: three dice, guess big, small or the exact total (/sieve). `board`: a dice board of 20 squares (/monopoly). */
export const gameKinds = ['dice-guess', 'board'] as const;
export type GameKind = (typeof gameKinds)[number];

/** Big is a total of 11–17, small 4–10 (both lose on three of a kind); `total` names one total from 4 to 17. */
export const diceBets = ['big', 'small', 'total'] as const;
export type DiceBet = (typeof diceBets)[number];
export const diceTotals = { min: 4, max: 17 } as const;

/** A board roll is paid with a gold stake (hundredths) or with one lottery chance. */
export const boardPayments = ['gold', 'chance'] as const;
export type BoardPayment = (typeof boardPayments)[number];

/** What a board square gives: a multiple of the stake in gold (tenths: 15 is ×1.5), an item, or nothing. */
export type BoardSquareKind = 'gold' | 'item' | 'nothing';

/** Pages of plays in the history. */
export const gameHistoryPageSize = 20;
