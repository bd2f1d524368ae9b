import 'server-only';
// Operator commands for the check-in cycle: list a brand's (or the default) rewards day by day, replace one day's
// rewards, and drop a brand's own table so it uses the default again.
import { AppError } from '@/lib/server/http/errors';
import { serverTranslator } from '@/lib/server/http/translate';
import { dropBrandRewards, readCycleRewards, replaceDayRewards, rewardDescription } from '@/lib/server/checkin/rewards';
import type { GrantedReward } from '@/lib/db/schema';
import type { Db } from '@/lib/db';
import { knownBrandId } from './brands';
import { OpsError, parseCommandArgs, usageLine, type OpsCommand } from './command';

/** `type:quantity[:item type[:props id]]`, e.g. `1:500` (5.00 diamonds) or `4:1:105` (one viewing ticket). */
function parseReward(text: string): GrantedReward {
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 4 || parts.some((part) => !/^\d+$/.test(part))) {
    throw new OpsError(`"${text}" is not a reward: write type:quantity[:item type[:props id]], e.g. 1:500 or 4:1:105.`);
  }
  const [type, quantity, itemType, propsId] = parts.map(Number);
  return { reward_type: type, quantity, item_type: itemType ?? null, props_id: propsId ?? 0 };
}

/** The table a brand's check-ins use (or the default table), one line a day under a line saying whose it is. */
async function cycleListing(db: Db, brandId: string | null): Promise<string> {
  const { ownTable, byDay } = await readCycleRewards(db, brandId);
  const heading = brandId === null ? 'The default table:' : ownTable ? `${brandId}: its own table` : `${brandId}: the default table (no table of its own)`;
  const days = [...byDay].map(([day, list]) => `Day ${day}: ${list.length ? rewardDescription(list, 'en-US') : '(nothing)'}`);
  return [heading, ...days].join('\n');
}

const brandOption = { brand: { type: 'string' } } as const;

export const checkinRewardsCommand: OpsCommand = {
  name: 'checkin:rewards',
  usage: '[--brand <brand id> [--reset]]',
  summary: "list the check-in cycle's rewards, day 1 to 7 (a brand's: its own table or the default); --reset drops a brand's own table",
  async run(args, database) {
    const { values } = parseCommandArgs(checkinRewardsCommand, args, { ...brandOption, reset: { type: 'boolean' } });
    const brandId = values.brand === undefined ? null : knownBrandId(values.brand);
    if (values.reset && brandId === null) throw new OpsError(`--reset drops one brand's own table: name it with --brand.\nUsage: ${usageLine(checkinRewardsCommand)}`);
    const db = await database();
    if (values.reset && brandId !== null) await dropBrandRewards(db, brandId);
    return cycleListing(db, brandId);
  },
};

export const checkinDayCommand: OpsCommand = {
  name: 'checkin:day',
  usage: '<day 1-7> [type:quantity[:item type[:props id]] ...] [--brand <brand id>]',
  summary:
    "replace one cycle day's rewards, of the default table or a brand's (which starts as a copy of the default) (types: 0 experience, 1 gold and 2 diamond in hundredths, 3-5 an item, 6 a lottery chance)",
  async run(args, database) {
    const { positionals, values } = parseCommandArgs(checkinDayCommand, args, brandOption, ['day 1-7'], true);
    const [day, ...rewards] = positionals;
    if (!/^[1-7]$/.test(day)) throw new OpsError(`The day is 1 to 7.\nUsage: ${usageLine(checkinDayCommand)}`);
    const brandId = values.brand === undefined ? null : knownBrandId(values.brand);
    const db = await database();
    try {
      await replaceDayRewards(db, brandId, Number(day), rewards.map(parseReward));
    } catch (error) {
      if (error instanceof AppError) throw new OpsError(serverTranslator('en-US')(error.key, error.params));
      throw error;
    }
    return cycleListing(db, brandId);
  },
};
