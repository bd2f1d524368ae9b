import 'server-only';
// The games pages' data (docs/games.md): the hub's listing, and one game with the rules its page shows (the dice
// odds or the board's squares, from the code the plays use). Cached briefly: operators open and close games with
// `ops games:set`; a play always reads the game in its own request.
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { boardView, diceOdds, findGame, firstGameOfKind, listGames, toGameView } from '@/lib/server/games/catalogue';
import type { BoardSquareView, DiceOdds, GameView } from '@/lib/validation/games';
import type { GameKind } from '@/lib/validation/games-constants';

export type GamePageData = { game: GameView; odds: DiceOdds; squares: BoardSquareView[] };

export const readGamesHub = unstable_cache(async (locale: Locale) => listGames(await getDb(), locale), ['games-hub'], { revalidate: 30 });

/** /gameDetail/{slug}: an open game by its slug; /sieve and /monopoly: the first open game of their kind. */
export const readGamePage = unstable_cache(
  async (by: { slug: string } | { kind: GameKind }, locale: Locale): Promise<GamePageData | null> => {
    const db = await getDb();
    const game = 'slug' in by ? await findGame(db, by.slug) : await firstGameOfKind(db, by.kind);
    if (!game) return null;
    return { game: toGameView(game, locale), odds: game.kind === 'dice-guess' ? diceOdds() : [], squares: game.kind === 'board' ? boardView() : [] };
  },
  ['games-page'],
  { revalidate: 30 },
);
