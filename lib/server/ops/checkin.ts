import 'server-only';
// Operator commands for the check-in cycle: list each day's rewards, and replace one day's rewards.
import { AppError } from '@/lib/server/http/errors';
import { serverTranslator } from '@/lib/server/http/translate';
import { readCycleRewards, replaceDayRewards, rewardDescription } from '@/lib/server/checkin/rewards';
import type { GrantedReward } from '@/lib/db/schema';
import type { Db } from '@/lib/db';
import { OpsError, parseCommandArgs, type OpsCommand } from './command';

/** `type:quantity[:item type[:props id]]`, e.g. `1:500` (5.00 diamonds) or `4:1:105` (one viewing ticket). */
function parseReward(text: string): GrantedReward {
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 4 || parts.some((part) => !/^\d+$/.test(part))) {
    throw new OpsError(`"${text}" is not a reward: write type:quantity[:item type[:props id]], e.g. 1:500 or 4:1:105.`);
  }
  const [type, quantity, itemType, propsId] = parts.map(Number);
  return { reward_type: type, quantity, item_type: itemType ?? null, props_id: propsId ?? 0 };
}

async function cycleListing(database: () => Promise<Db>): Promise<string> {
  const rewards = await readCycleRewards(await database());
  return [...rewards].map(([day, list]) => `Day ${day}: ${list.length ? rewardDescription(list, 'en-US') : '(nothing)'}`).join('\n');
}

export const checkinRewardsCommand: OpsCommand = {
  name: 'checkin:rewards',
  usage: '',
  summary: "list the check-in cycle's rewards, day 1 to 7",
  async run(args, database) {
    parseCommandArgs(checkinRewardsCommand, args, {});
    return cycleListing(database);
  },
};

export const checkinDayCommand: OpsCommand = {
  name: 'checkin:day',
  usage: '<day 1-7> [type:quantity[:item type[:props id]] ...]',
  summary: "replace one cycle day's rewards (types: 0 experience, 1 gold and 2 diamond in hundredths, 3-5 an item, 6 a lottery chance)",
  async run(args, database) {
    const [day, ...rewards] = args;
    if (!day || !/^[1-7]$/.test(day)) throw new OpsError(`The day is 1 to 7.\nUsage: npm run ops -- ${checkinDayCommand.name} ${checkinDayCommand.usage}`);
    try {
      await replaceDayRewards(await database(), Number(day), rewards.map(parseReward));
    } catch (error) {
      if (error instanceof AppError) throw new OpsError(serverTranslator('en-US')(error.key, error.params));
      throw error;
    }
    return cycleListing(database);
  },
};
