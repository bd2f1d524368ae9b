// The games hub's API shapes (spec §2.2 /game, /sieve, /monopoly, /gameDetail/{url}; docs/games.md): one schema per
// input, shared by the pages and the route handlers, and the replies they read. Messages: messages/*/games.json.
import { z } from 'zod';
import { boardPayments, diceBets, diceTotals, type BoardSquareKind, type DiceBet, type GameKind } from './games-constants';
import { pageNumber } from './paging';

export const gameSlug = z.string('games.validation.badGame').regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'games.validation.badGame');

/** A retry of the same play sends the same key; the server scopes it to the caller. */
const idempotencyKey = z.string('games.validation.badKey').regex(/^[\w.:-]{8,100}$/, 'games.validation.badKey');

/** A gold stake in hundredths; the game's own bounds are checked by the server (they are the operator's). */
const stake = z.number('games.validation.badStake').int('games.validation.badStake').positive('games.validation.badStake').max(100_000_000, 'games.validation.badStake');

/** POST /api/games/diceGuess: big, small, or an exact total from 4 to 17 (`total` only then). */
export const diceGuessInput = z
  .object({
    game: gameSlug,
    bet: z.enum(diceBets, 'games.validation.badBet'),
    total: z.number('games.validation.badTotal').int('games.validation.badTotal').min(diceTotals.min, 'games.validation.badTotal').max(diceTotals.max, 'games.validation.badTotal').optional(),
    stake,
    idempotency_key: idempotencyKey,
  })
  .refine((input) => (input.bet === 'total') === (input.total !== undefined), { message: 'games.validation.badTotal', path: ['total'] });
export type DiceGuessInput = z.infer<typeof diceGuessInput>;

/** POST /api/games/boardRoll: one roll paid with a gold stake, or with one lottery chance (then no stake). */
export const boardRollInput = z
  .object({ game: gameSlug, pay: z.enum(boardPayments, 'games.validation.badPayment'), stake: stake.optional(), idempotency_key: idempotencyKey })
  .refine((input) => (input.pay === 'gold') === (input.stake !== undefined), { message: 'games.validation.badStake', path: ['stake'] });
export type BoardRollInput = z.infer<typeof boardRollInput>;

/** POST /api/games/history {page, game?}: the caller's plays, newest first, in pages of 20. */
export const gameHistoryInput = z.object({ page: pageNumber('games.validation.badPage'), game: gameSlug.optional() });

const wallet = z.object({ diamond: z.number(), gold: z.number() });

export const gamesStateReply = z.object({
  /** The brand's daily loss cap, what the caller lost today (stakes less payouts, may be negative) and what is left. */
  cap: z.number(),
  lost_today: z.number(),
  left_today: z.number(),
  bal: wallet,
  chances: z.number(),
  /** The caller's square on the board, and the mean return of a roll from there. */
  position: z.number(),
  board_return: z.number(),
});
export type GamesState = z.infer<typeof gamesStateReply>;

const outcome = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dice-guess'), dice: z.array(z.number()), bet: z.enum(diceBets), total: z.number().optional() }),
  z.object({ kind: z.literal('board'), roll: z.number(), from: z.number(), to: z.number(), paid_with: z.enum(boardPayments) }),
]);

const playRow = z.object({
  play_id: z.number(),
  game: z.string(),
  game_name: z.string(),
  stake: z.number(),
  payout: z.number(),
  prize: z.object({ item_type: z.number(), count: z.number() }).nullable(),
  outcome,
  created_at: z.number(),
});
export type GamePlayRow = z.infer<typeof playRow>;

export const gamePlayReply = z.object({ play: playRow, state: gamesStateReply });
export type GamePlayReply = z.infer<typeof gamePlayReply>;

export const gameHistoryReply = z.object({ list: z.array(playRow), total: z.number() });
export type GameHistory = z.infer<typeof gameHistoryReply>;

/** A listed game as its pages show it (rendered on the server). */
export type GameView = {
  slug: string;
  kind: GameKind;
  name: string;
  summary: string;
  min_stake: number;
  max_stake: number;
};

/** The rules a page shows: each dice bet's return per 100 and chance, or the board's squares. */
export type DiceOdds = { bet: DiceBet; total?: number; per100: number; chance: number }[];
export type BoardSquareView = { kind: BoardSquareKind; tenths?: number; item_type?: number; count?: number };
