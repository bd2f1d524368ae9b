import 'server-only';
// The rewards of the cycle's days (spec §3 reward items): reading and replacing a day's rewards, what granting them
// moves in the ledger (currencies from the promotions account, items and lottery chances from the issuer), and how
// a reward reads in the caller's language.
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { checkinRewards, type GrantedReward } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { itemAsset, systemAccounts, userAccount, type Asset } from '@/lib/server/ledger/accounts';
import type { Leg } from '@/lib/server/ledger/post';
import { AppError } from '@/lib/server/http/errors';
import { serverTranslator } from '@/lib/server/http/translate';
import { ticketItemType } from '@/lib/validation/live-constants';
import { bubblePropsType, speakerPropsType } from '@/lib/validation/mall-constants';
import { checkinCycleDays, itemRewardTypes, lotteryChanceItemType, rewardTypes, type RewardType } from '@/lib/validation/checkin-constants';
import type { RewardItem } from '@/lib/validation/checkin';

/** Every day's rewards, by cycle day (1–7), in their order. */
export async function readCycleRewards(db: Db | Tx): Promise<Map<number, GrantedReward[]>> {
  const rows = await db.select().from(checkinRewards).orderBy(asc(checkinRewards.cycleDay), asc(checkinRewards.sortOrder), asc(checkinRewards.id));
  const byDay = new Map<number, GrantedReward[]>();
  for (let day = 1; day <= checkinCycleDays; day += 1) byDay.set(day, []);
  for (const row of rows) byDay.get(row.cycleDay)?.push({ reward_type: row.rewardType, quantity: row.quantity, item_type: row.itemType, props_id: row.propsId });
  return byDay;
}

export async function readDayRewards(db: Db | Tx, cycleDay: number): Promise<GrantedReward[]> {
  return (await readCycleRewards(db)).get(cycleDay) ?? [];
}

/** Checks a reward an operator wrote: a known type, a whole positive quantity, an item for types 3–5 only. */
function validReward(reward: GrantedReward): GrantedReward {
  const known = Object.values(rewardTypes) as number[];
  if (!known.includes(reward.reward_type)) throw new AppError('checkin.errors.badReward');
  if (!Number.isSafeInteger(reward.quantity) || reward.quantity < 1) throw new AppError('checkin.errors.badReward');
  const carriesItem = itemRewardTypes.includes(reward.reward_type as RewardType);
  if (carriesItem !== (reward.item_type !== null)) throw new AppError('checkin.errors.badReward');
  if (reward.item_type !== null && (!Number.isSafeInteger(reward.item_type) || reward.item_type < 1)) throw new AppError('checkin.errors.badReward');
  return reward;
}

/** Replaces one day's rewards in one transaction (`ops checkin:day`). */
export async function replaceDayRewards(db: Db, cycleDay: number, rewards: GrantedReward[]): Promise<void> {
  if (!Number.isInteger(cycleDay) || cycleDay < 1 || cycleDay > checkinCycleDays) throw new AppError('checkin.errors.badReward');
  const checked = rewards.map(validReward);
  await db.transaction(async (tx) => {
    await tx.delete(checkinRewards).where(eq(checkinRewards.cycleDay, cycleDay));
    if (checked.length === 0) return;
    await tx.insert(checkinRewards).values(
      checked.map((reward, index) => ({ cycleDay, rewardType: reward.reward_type, quantity: reward.quantity, itemType: reward.item_type, propsId: reward.props_id, sortOrder: index })),
    );
  });
}

/** The ledger asset a reward moves; undefined for experience, which lives on the user row. */
function rewardAsset(reward: GrantedReward): Asset | undefined {
  if (reward.reward_type === rewardTypes.gold) return 'gold';
  if (reward.reward_type === rewardTypes.diamond) return 'diamond';
  if (reward.reward_type === rewardTypes.lotteryChance) return itemAsset(lotteryChanceItemType);
  if (reward.item_type !== null) return itemAsset(reward.item_type, reward.props_id);
  return undefined;
}

/** The legs that grant the rewards: currencies out of system:promotions, items out of system:issuer. */
export function rewardLegs(userId: number, rewards: readonly GrantedReward[]): Leg[] {
  return rewards.flatMap((reward) => {
    const asset = rewardAsset(reward);
    if (!asset) return [];
    const from = asset === 'gold' || asset === 'diamond' ? systemAccounts.promotions : systemAccounts.issuer;
    return [
      { account: from, asset, amount: -reward.quantity },
      { account: userAccount(userId), asset, amount: reward.quantity },
    ];
  });
}

export function experienceOf(rewards: readonly GrantedReward[]): number {
  return rewards.filter((reward) => reward.reward_type === rewardTypes.experience).reduce((sum, reward) => sum + reward.quantity, 0);
}

/** The picture of a reward: the UI draws these names (components/checkin/reward-icon.tsx). */
function rewardIcon(reward: GrantedReward): string {
  switch (reward.reward_type) {
    case rewardTypes.experience:
      return 'experience';
    case rewardTypes.gold:
      return 'gold';
    case rewardTypes.diamond:
      return 'diamond';
    case rewardTypes.lotteryChance:
      return 'lottery';
    default:
      if (reward.item_type === ticketItemType) return 'ticket';
      if (reward.item_type === speakerPropsType) return 'speaker';
      if (reward.item_type === bubblePropsType) return 'bubble';
      return 'item';
  }
}

/** Rewards as the spec's reward items, titled in the caller's language. */
export function rewardItems(rewards: readonly GrantedReward[], locale: Locale): RewardItem[] {
  const t = serverTranslator(locale);
  return rewards.map((reward) => {
    const icon = rewardIcon(reward);
    return { reward_type: reward.reward_type as RewardType, title: t(`checkin.reward.${icon}`), quantity: reward.quantity, icon };
  });
}

/** Spec §3 RewardDesc: "Experience +10, Diamonds +1" (currencies divided by 100). */
export function rewardDescription(rewards: readonly GrantedReward[], locale: Locale): string {
  const t = serverTranslator(locale);
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  return rewardItems(rewards, locale)
    .map((item) => t('checkin.rewardLine', { title: item.title, amount: number.format(isCurrency(item.reward_type) ? item.quantity / 100 : item.quantity) }))
    .join(t('checkin.rewardSeparator'));
}

function isCurrency(type: number): boolean {
  return type === rewardTypes.gold || type === rewardTypes.diamond;
}
