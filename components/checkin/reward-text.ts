// A reward's amount as shown (spec §3, §9): currencies (types 1 and 2) divided by 100, points and items as counts.
import { isCurrencyReward, rewardTypes } from '@/lib/validation/checkin-constants';
import type { CheckinTodayReply } from '@/lib/validation/checkin';

type RewardItem = CheckinTodayReply['RewardList'][number];

export function rewardAmount(reward: RewardItem, locale: string): string {
  return `+${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(isCurrencyReward(reward.reward_type) ? reward.quantity / 100 : reward.quantity)}`;
}

/** Whether the rewards include a lottery chance: the dialog then offers the way to /lottery (spec §2.4 item 7). */
export function wonLotteryChance(rewards: readonly RewardItem[]): boolean {
  return rewards.some((reward) => reward.reward_type === rewardTypes.lotteryChance);
}
