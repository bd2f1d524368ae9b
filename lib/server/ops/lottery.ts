import 'server-only';
// Operator commands for the lottery (docs/lottery.md): the prize table with each prize's chance, changing a prize's
// weight, stock or whether it is drawn, and giving an account chances (a promotion).
import crypto from 'node:crypto';
import { grantItems } from '@/lib/server/ledger/grants';
import { readItemCount } from '@/lib/server/ledger/balances';
import { listAllPrizes, lotteryChanceAsset, updatePrize } from '@/lib/server/lottery/lottery';
import { chancePercent } from '@/lib/server/lottery/picker';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';
import { findAccountByPhone } from './users';

function wholeNumber(text: string, what: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) throw new OpsError(`${what} is a whole number from ${min} to ${max}; "${text}" is not.`);
  return value;
}

export const lotteryPrizesCommand: OpsCommand = {
  name: 'lottery:prizes',
  usage: '',
  summary: "list the lottery's prizes with their weight, chance and stock",
  async run(args, database) {
    parseCommandArgs(lotteryPrizesCommand, args, {});
    const prizes = await listAllPrizes(await database());
    const total = prizes.filter((prize) => prize.enabled && (prize.stock === null || prize.stock > 0)).reduce((sum, prize) => sum + prize.weight, 0);
    return prizes
      .map((prize) => {
        const drawn = prize.enabled && (prize.stock === null || prize.stock > 0);
        return `#${prize.id} ${prize.name['en-US']}: weight ${prize.weight} (${drawn ? chancePercent(prize.weight, total) : 0}%), stock ${prize.stock ?? 'unlimited'}${prize.enabled ? '' : ', disabled'}`;
      })
      .join('\n');
  },
};

export const lotterySetCommand: OpsCommand = {
  name: 'lottery:set',
  usage: '<prize id> [--weight <n>] [--stock <n|unlimited>] [--enabled <0|1>]',
  summary: "change a lottery prize's weight, stock or whether it is drawn",
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(lotterySetCommand, args, { weight: { type: 'string' }, stock: { type: 'string' }, enabled: { type: 'string' } }, ['prize id']);
    const prizeId = wholeNumber(positionals[0], 'The prize id', 1, 2_147_483_647);
    const changes: { weight?: number; stock?: number | null; enabled?: boolean } = {};
    if (values.weight !== undefined) changes.weight = wholeNumber(values.weight, 'The weight', 1, 1_000_000_000);
    if (values.stock !== undefined) changes.stock = values.stock === 'unlimited' ? null : wholeNumber(values.stock, 'The stock', 0, 1_000_000_000);
    if (values.enabled !== undefined) changes.enabled = wholeNumber(values.enabled, 'Enabled', 0, 1) === 1;
    if (Object.keys(changes).length === 0) throw new OpsError('Name at least one of --weight, --stock, --enabled.');
    const prize = await updatePrize(await database(), prizeId, changes).catch(() => {
      throw new OpsError(`There is no prize #${prizeId}.`);
    });
    return `Prize #${prize.id} ${prize.name['en-US']}: weight ${prize.weight}, stock ${prize.stock ?? 'unlimited'}, ${prize.enabled ? 'drawn' : 'disabled'}.`;
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
