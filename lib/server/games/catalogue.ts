import 'server-only';
// The games operators list (docs/games.md): each with a slug (/gameDetail/{slug}), a kind (the dice guess or the
// board), names in both languages and its stake bounds; each brand's daily loss cap; and the rules a game's page
// shows, computed from the same code the plays use.
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { gameSettings, games, type Game } from '@/lib/db/schema';
import { pickText, type LocalizedText, type Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import { diceTotals, type GameKind } from '@/lib/validation/games-constants';
import type { BoardSquareView, DiceOdds, GameView } from '@/lib/validation/games';
import { boardSquares } from './board';
import { dicePayoutPer100, winningRolls, type DiceGuess } from './dice';

/** A brand without its own cap: 500.00 diamonds a day. */
export const defaultDailyLossCap = 50_000;

export function toGameView(game: Game, locale: Locale): GameView {
  return { slug: game.slug, kind: game.kind, name: pickText(game.name, locale), summary: pickText(game.summary, locale), min_stake: game.minStake, max_stake: game.maxStake };
}

/** The games open to play, in the operators' order. */
export async function listGames(db: Db, locale: Locale): Promise<GameView[]> {
  const rows = await db.select().from(games).where(eq(games.enabled, true)).orderBy(asc(games.sortOrder), asc(games.id));
  return rows.map((game) => toGameView(game, locale));
}

/** An open game by its slug; with `kind`, only a game of that kind. */
export async function findGame(db: Db | Tx, slug: string, kind?: GameKind): Promise<Game | undefined> {
  const [game] = await db.select().from(games).where(and(eq(games.slug, slug), eq(games.enabled, true)));
  return game && (!kind || game.kind === kind) ? game : undefined;
}

/** /sieve and /monopoly: the first open game of their kind. */
export async function firstGameOfKind(db: Db, kind: GameKind): Promise<Game | undefined> {
  const [game] = await db.select().from(games).where(and(eq(games.kind, kind), eq(games.enabled, true))).orderBy(asc(games.sortOrder), asc(games.id)).limit(1);
  return game;
}

export async function readDailyLossCap(db: Db | Tx, brandId: string): Promise<number> {
  const [row] = await db.select().from(gameSettings).where(eq(gameSettings.brandId, brandId));
  return row?.dailyLossCap ?? defaultDailyLossCap;
}

export async function setDailyLossCap(db: Db, brandId: string, cap: number): Promise<void> {
  await db.insert(gameSettings).values({ brandId, dailyLossCap: cap }).onConflictDoUpdate({ target: gameSettings.brandId, set: { dailyLossCap: cap } });
}

/** Every bet of the dice guess with what it returns per 100 and its chance in percent. */
export function diceOdds(): DiceOdds {
  const guesses: DiceGuess[] = [{ bet: 'big' }, { bet: 'small' }];
  for (let total = diceTotals.min; total <= diceTotals.max; total += 1) guesses.push({ bet: 'total', total });
  return guesses.map((guess) => ({ ...guess, per100: dicePayoutPer100(guess), chance: Math.round((winningRolls(guess) / 216) * 10_000) / 100 }));
}

export function boardView(): BoardSquareView[] {
  return boardSquares.map((square) =>
    square.kind === 'gold' ? { kind: 'gold', tenths: square.tenths } : square.kind === 'item' ? { kind: 'item', item_type: square.itemType, count: square.count } : { kind: 'nothing' },
  );
}

/** Every listed game for operators, closed ones too. */
export async function listAllGames(db: Db): Promise<Game[]> {
  return db.select().from(games).orderBy(asc(games.sortOrder), asc(games.id));
}

export type GameChanges = { enabled?: boolean; minStake?: number; maxStake?: number; sortOrder?: number };

export async function updateGame(db: Db, slug: string, changes: GameChanges): Promise<Game> {
  const [current] = await db.select().from(games).where(eq(games.slug, slug));
  if (!current) throw new AppError('games.errors.noSuchGame');
  const next = { ...current, ...changes };
  if (next.minStake < 1 || next.maxStake < next.minStake) throw new AppError('games.errors.badStakeBounds');
  const [game] = await db.update(games).set(changes).where(eq(games.slug, slug)).returning();
  return game;
}

export async function addGame(db: Db, input: { slug: string; kind: GameKind; name: LocalizedText; summary: LocalizedText; minStake: number; maxStake: number }): Promise<Game> {
  if (input.minStake < 1 || input.maxStake < input.minStake) throw new AppError('games.errors.badStakeBounds');
  const [game] = await db.insert(games).values(input).onConflictDoNothing().returning();
  if (!game) throw new AppError('games.errors.slugTaken');
  return game;
}
