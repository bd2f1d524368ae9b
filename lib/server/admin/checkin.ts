import 'server-only';
// The check-in rewards in the console (docs/admin.md "Money"): the 7-day cycle the brand's check-ins give, each day's
// rewards replaced in place. The console always edits the brand's own table: a brand on the default table gets a copy
// of it with its first change (as `ops checkin:day --brand` does), so one brand's operator never changes another's
// rewards; a brand's own table can be dropped to use the default again. Each change is one transaction with its audit
// row; check-ins already made keep what they gave (checkin_days stores it).
import type { Db } from '@/lib/db';
import { dropBrandRewards, readCycleRewards, replaceDayRewardsIn } from '@/lib/server/checkin/rewards';
import { checkinRewardCode, type CheckinDaySaveInput, type ConsoleCheckinTable } from '@/lib/validation/admin-money';
import { writeAudit, type AuditContext } from './audit';

export async function readCheckinTableForConsole(db: Db, brandId: string): Promise<ConsoleCheckinTable> {
  const { ownTable, byDay } = await readCycleRewards(db, brandId);
  return {
    ownTable,
    days: [...byDay].map(([day, rewards]) => ({
      day,
      rewards: rewards.map((reward) => ({ code: checkinRewardCode(reward), rewardType: reward.reward_type, itemType: reward.item_type, quantity: reward.quantity })),
    })),
  };
}

export async function saveCheckinDay(db: Db, context: AuditContext, input: CheckinDaySaveInput): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const change = await replaceDayRewardsIn(tx, context.brandId, input.day, input.rewards);
    if (!change) return { changed: false };
    await writeAudit(tx, context, { action: 'checkin.day.save', targetType: 'checkinDay', targetId: input.day, before: { rewards: change.before }, after: { rewards: change.after } });
    return { changed: true };
  });
}

/** The brand uses the default table again; nothing is written when it had no table of its own. */
export async function resetCheckinTable(db: Db, context: AuditContext): Promise<{ dropped: boolean }> {
  return db.transaction(async (tx) => {
    const days = await dropBrandRewards(tx, context.brandId);
    if (days.every((rewards) => rewards.length === 0)) return { dropped: false };
    await writeAudit(tx, context, { action: 'checkin.table.reset', targetType: 'checkinTable', targetId: context.brandId, before: { days }, after: { days: null } });
    return { dropped: true };
  });
}
