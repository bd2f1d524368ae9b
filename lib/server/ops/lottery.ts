import 'server-only';
// Operator commands for the lottery (docs/lottery.md): a prize table (the default, or the one a brand draws from) with
// each prize's chance, changing a prize's weight, stock or whether it is drawn (of a brand's table, which starts as a
// copy of the default), and giving an account chances (a promotion).
import crypto from 'node:crypto';
import { grantItems } from '@/lib/server/ledger/grants';
import { readItemCount } from '@/lib/server/ledger/balances';
import { brandsWithOwnPrizes, lotteryChanceAsset, readPrizeTable, updatePrize, type PrizeChanges } from '@/lib/server/lottery/lottery';
import { chancePercent } from '@/lib/server/lottery/picker';
import { knownBrandId } from './brands';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';
import { findAccountByPhone } from './users';

function wholeNumber(text: string, what: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new OpsError(`${what} is a whole number from ${min} to ${max}; "${text}" is not.`);
  return value;
}

export const lotteryPrizesCommand: OpsCommand = {
  name: 'lottery:prizes',
  usage: '[--brand <brand id>]',
  summary: "list the lottery's prizes (the default table, or the one a brand draws from) with their weight, chance and stock",
  async run(args, database) {
    const { values } = parseCommandArgs(lotteryPrizesCommand, args, { brand: { type: 'string' } });
    const brandId = values.brand === undefined ? null : knownBrandId(values.brand);
    const db = await database();
    const { ownTable, prizes } = await readPrizeTable(db, brandId);
    const own = brandId === null ? await brandsWithOwnPrizes(db) : [];
    const heading =
      brandId === null
        ? `The default table${own.length ? ` (${own.join(', ')} draw from their own)` : ''}:`
        : ownTable
          ? `${brandId}: its own table`
          : `${brandId}: the default table (no table of its own)`;
    const total = prizes.filter((prize) => prize.enabled && (prize.stock === null || prize.stock > 0)).reduce((sum, prize) => sum + prize.weight, 0);
    const lines = prizes.map((prize) => {
      const drawn = prize.enabled && (prize.stock === null || prize.stock > 0);
      return `#${prize.id} ${prize.name['en-US']}: weight ${prize.weight} (${drawn ? chancePercent(prize.weight, total) : 0}%), stock ${prize.stock ?? 'unlimited'}${prize.enabled ? '' : ', disabled'}`;
    });
    return [heading, ...lines].join('\n');
  },
};

export const lotterySetCommand: OpsCommand = {
  name: 'lottery:set',
  usage: '<prize id> [--weight <n>] [--stock <n|unlimited>] [--enabled <0|1>] [--brand <brand id>]',
  summary: "change a lottery prize's weight, stock or whether it is drawn; with --brand, in that brand's table (a copy of the default the first time)",
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(
      lotterySetCommand,
      args,
      { weight: { type: 'string' }, stock: { type: 'string' }, enabled: { type: 'string' }, brand: { type: 'string' } },
      ['prize id'],
    );
    const prizeId = wholeNumber(positionals[0], 'The prize id', 1, 2_147_483_647);
    const brandId = values.brand === undefined ? undefined : knownBrandId(values.brand);
    const changes: PrizeChanges = {};
    if (values.weight !== undefined) changes.weight = wholeNumber(values.weight, 'The weight', 1, 1_000_000_000);
    if (values.stock !== undefined) changes.stock = values.stock === 'unlimited' ? null : wholeNumber(values.stock, 'The stock', 0, 1_000_000_000);
    if (values.enabled !== undefined) changes.enabled = wholeNumber(values.enabled, 'Enabled', 0, 1) === 1;
    if (Object.keys(changes).length === 0) throw new OpsError('Name at least one of --weight, --stock, --enabled.');
    const prize = await updatePrize(await database(), prizeId, changes, brandId).catch(() => {
      throw new OpsError(brandId ? `There is no prize #${prizeId} in the table ${brandId} draws from (npm run ops -- lottery:prizes --brand ${brandId}).` : `There is no prize #${prizeId}.`);
    });
    const copied = prize.id === prizeId ? '' : ` (${brandId}'s copy of #${prizeId})`;
    return `Prize #${prize.id}${copied} ${prize.name['en-US']}${prize.brandId ? ` on ${prize.brandId}` : ''}: weight ${prize.weight}, stock ${prize.stock ?? 'unlimited'}, ${prize.enabled ? 'drawn' : 'disabled'}.`;
  },
};

export const lotteryChancesCommand: OpsCommand = {
  name: 'lottery:chances',
  usage: '<phone> <count> [--key <idempotency key>]',
  summary: 'give an account lottery chances (the same --key twice gives once)',
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(lotteryChancesCommand, args, { key: { type: 'string' } }, ['phone', 'count']);
    const count = wholeNumber(positionals[1], 'The count', 1, 1_000);
    const db = await database();
    const { id, mobile } = await findAccountByPhone(db, positionals[0]);
    await grantItems(db, { userId: id, asset: lotteryChanceAsset, count, idempotencyKey: values.key ?? `ops:lottery:${crypto.randomUUID()}`, note: 'operator' });
    return `User ${id} (${mobile}) now has ${await readItemCount(db, id, lotteryChanceAsset)} lottery chances.`;
  },
};
