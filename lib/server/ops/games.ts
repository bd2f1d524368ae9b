import 'server-only';
// Operator commands for the games hub (docs/games.md): list the games, open or close one and change its stakes,
// list a new one under a slug (/gameDetail/{slug}), and read or set a brand's daily loss cap. Amounts in hundredths.
import { getBrand, listBrands } from '@/lib/brand/registry';
import type { Game } from '@/lib/db/schema';
import { addGame, listAllGames, readDailyLossCap, setDailyLossCap, updateGame, type GameChanges } from '@/lib/server/games/catalogue';
import { AppError } from '@/lib/server/http/errors';
import { serverTranslator } from '@/lib/server/http/translate';
import { gameSlug } from '@/lib/validation/games';
import { gameKinds, type GameKind } from '@/lib/validation/games-constants';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

const shown = (hundredths: number) => (hundredths / 100).toFixed(2);

function hundredths(text: string, what: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < 1 || value > 100_000_000) throw new OpsError(`${what} is in whole hundredths (500 is 5.00), from 1 to 100000000; "${text}" is not.`);
  return value;
}

function slugOf(text: string): string {
  if (!gameSlug.safeParse(text).success) throw new OpsError(`"${text}" is not a slug: lower-case letters, digits and dashes, up to 40.`);
  return text;
}

const describe = (game: Game) =>
  `${game.slug} (${game.kind}) ${game.name['en-US']} / ${game.name['zh-CN'] ?? '-'}: stakes ${shown(game.minStake)}–${shown(game.maxStake)}, order ${game.sortOrder}${game.enabled ? '' : ', closed'}`;

/** A rule the domain refused (bounds, a taken slug), in the operator's words. */
function opsFailure(error: unknown): never {
  if (error instanceof AppError) throw new OpsError(serverTranslator('en-US')(error.key, error.params));
  throw error;
}

export const gamesListCommand: OpsCommand = {
  name: 'games:list',
  usage: '',
  summary: 'list the games hub with each game’s slug, kind, stakes and whether it is open',
  async run(args, database) {
    parseCommandArgs(gamesListCommand, args, {});
    const games = await listAllGames(await database());
    return games.length ? games.map(describe).join('\n') : 'No games are listed.';
  },
};

export const gamesSetCommand: OpsCommand = {
  name: 'games:set',
  usage: '<slug> [--enabled 0|1] [--min <hundredths>] [--max <hundredths>] [--order <n>]',
  summary: 'open or close a game, change its stake bounds or its place in the hub',
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(gamesSetCommand, args, { enabled: { type: 'string' }, min: { type: 'string' }, max: { type: 'string' }, order: { type: 'string' } }, ['slug']);
    const changes: GameChanges = {};
    if (values.enabled !== undefined) {
      if (values.enabled !== '0' && values.enabled !== '1') throw new OpsError(`--enabled is 0 or 1; "${values.enabled}" is not.`);
      changes.enabled = values.enabled === '1';
    }
    if (values.min !== undefined) changes.minStake = hundredths(values.min, 'The smallest stake');
    if (values.max !== undefined) changes.maxStake = hundredths(values.max, 'The largest stake');
    if (values.order !== undefined) {
      if (!/^\d{1,6}$/.test(values.order)) throw new OpsError(`--order is a whole number; "${values.order}" is not.`);
      changes.sortOrder = Number(values.order);
    }
    if (Object.keys(changes).length === 0) throw new OpsError('Name at least one of --enabled, --min, --max, --order.');
    return describe(await updateGame(await database(), slugOf(positionals[0]), changes).catch(opsFailure));
  },
};

export const gamesAddCommand: OpsCommand = {
  name: 'games:add',
  usage: '<slug> <dice-guess|board> --name-en <text> --name-zh <text> --summary-en <text> --summary-zh <text> --min <hundredths> --max <hundredths>',
  summary: 'list a new game in the hub, opened at /gameDetail/<slug>',
  async run(args, database) {
    const text = { type: 'string' } as const;
    const { positionals, values } = parseCommandArgs(
      gamesAddCommand,
      args,
      { 'name-en': text, 'name-zh': text, 'summary-en': text, 'summary-zh': text, min: text, max: text },
      ['slug', 'kind'],
    );
    const kind = positionals[1] as GameKind;
    if (!gameKinds.includes(kind)) throw new OpsError(`The kind is ${gameKinds.join(' or ')}; "${positionals[1]}" is not.`);
    for (const flag of ['name-en', 'name-zh', 'summary-en', 'summary-zh', 'min', 'max'] as const) {
      if (!values[flag]?.trim()) throw new OpsError(`--${flag} is needed.`);
    }
    const game = await addGame(await database(), {
      slug: slugOf(positionals[0]),
      kind,
      name: { 'en-US': values['name-en']!.trim(), 'zh-CN': values['name-zh']!.trim() },
      summary: { 'en-US': values['summary-en']!.trim(), 'zh-CN': values['summary-zh']!.trim() },
      minStake: hundredths(values.min!, 'The smallest stake'),
      maxStake: hundredths(values.max!, 'The largest stake'),
    }).catch(opsFailure);
    return `Listed: ${describe(game)}`;
  },
};

export const gamesCapCommand: OpsCommand = {
  name: 'games:cap',
  usage: '<brand id> [--set <hundredths>]',
  summary: "read or set how much gold one user may lose in the games per day on a brand (0 closes the gold stakes)",
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(gamesCapCommand, args, { set: { type: 'string' } }, ['brand id']);
    const [brandId] = positionals;
    const capText = values.set;
    if (!getBrand(brandId)) throw new OpsError(`Unknown brand "${brandId}". Use one of: ${listBrands().map((brand) => brand.id).join(', ')}.`);
    const db = await database();
    if (capText !== undefined) {
      if (!/^\d+$/.test(capText) || Number(capText) > 1_000_000_000) throw new OpsError(`The cap is in whole hundredths (50000 is 500.00), from 0; "${capText}" is not.`);
      await setDailyLossCap(db, brandId, Number(capText));
    }
    return `Daily loss cap on ${brandId}: ${shown(await readDailyLossCap(db, brandId))}.`;
  },
};
