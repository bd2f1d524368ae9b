// The check-in vocabulary the header, the dialog and the user centre need without the schemas (lib/validation/checkin.ts
// holds those): spec §3 reward types, §4 dialog statuses, §9 the 7-day cycle.

/** Spec §9: the cycle is 7 days; the 7th is the big one, the 8th starts again at day 1. */
export const checkinCycleDays = 7;

/**
 * Spec §3 reward types: 0 experience; 1 gold and 2 diamond (hundredths, shown divided by 100: gold as diamonds,
 * diamond as gems); 3–5 a backpack item shown with the diamond, card or prop image; 6 a lottery chance.
 */
export const rewardTypes = { experience: 0, gold: 1, diamond: 2, gemItem: 3, cardItem: 4, propItem: 5, lotteryChance: 6 } as const;
export type RewardType = (typeof rewardTypes)[keyof typeof rewardTypes];
export const rewardTypeValues = Object.values(rewardTypes);

/** Types 1 and 2 are amounts of a currency in hundredths; the others are points or counts. */
export function isCurrencyReward(type: number): boolean {
  return type === rewardTypes.gold || type === rewardTypes.diamond;
}

/** Reward types that carry a backpack item (its type and props id). */
export const itemRewardTypes: readonly RewardType[] = [rewardTypes.gemItem, rewardTypes.cardItem, rewardTypes.propItem];

/** The backpack item a lottery chance is (`item:106` in the ledger): the lottery spends them. */
export const lotteryChanceItemType = 106;

/** Spec §9: history pages of 20. */
export const checkinHistoryPageSize = 20;
/** Spec §4 dialog statuses: 1 can check in, 2 the check-in failed, 3 checked in (today, or just now). */
export const checkinDialogStatuses = { canCheckIn: 1, failed: 2, checked: 3 } as const;
export type CheckinDialogStatus = (typeof checkinDialogStatuses)[keyof typeof checkinDialogStatuses];

/** Spec §3 stored locally: the daily check-in cookie (until midnight) and how often the dialog opened today. */
export const checkinDialogCookie = 'checkin_dialog';
export const checkinDialogCountKey = 'count_times_today';
