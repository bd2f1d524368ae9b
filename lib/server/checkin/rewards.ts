import 'server-only';
// The rewards of the cycle's days (spec §3 reward items): each brand's table (its own when it has rows, otherwise the
// default), reading and replacing a day's rewards, what granting them moves in the ledger (currencies from the
// promotions account, items and lottery chances from the issuer), and how a reward reads in the caller's language.
import { and, asc, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { checkinRewards, type CheckinReward, type GrantedReward } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { itemAsset, systemAccounts, userAccount, type Asset } from '@/lib/server/ledger/accounts';
import type { Leg } from '@/lib/server/ledger/post';
import { AppError } from '@/lib/server/http/errors';
import { serverTranslator } from '@/lib/server/http/translate';
import { ticketItemType } from '@/lib/validation/live-constants';
import { bubblePropsType, speakerPropsType } from '@/lib/validation/mall-constants';
import { checkinCycleDays, isCurrencyReward, itemRewardTypes, lotteryChanceItemType, rewardTypes, type RewardType } from '@/lib/validation/checkin-constants';
import type { RewardItem } from '@/lib/validation/checkin';

/** The rows of one table: a brand's own (brand id) or the default (null). */
const tableOf = (brandId: string | null): SQL => (brandId === null ? isNull(checkinRewards.brandId) : eq(checkinRewards.brandId, brandId));

/** A brand's 7-day table, by cycle day (1–7), each day's rewards in their order, and whether the brand has its own. */
export type CycleRewards = { ownTable: boolean; byDay: Map<number, GrantedReward[]> };

/**
 * The table a brand's check-ins use: the brand's own rows when it has any at all (then only those: a day it left empty
 * gives nothing), otherwise the default rows. One query for both, the choice made here. Null: the default table.
 */
export async function readCycleRewards(db: Db | Tx, brandId: string | null): Promise<CycleRewards> {
  const rows = await db
    .select()
    .from(checkinRewards)
    .where(brandId === null ? tableOf(null) : or(tableOf(null), tableOf(brandId)))
    .orderBy(asc(checkinRewards.cycleDay), asc(checkinRewards.sortOrder), asc(checkinRewards.id));
  const ownTable = brandId !== null && rows.some((row) => row.brandId === brandId);
  const owner = ownTable ? brandId : null;
  const byDay = new Map<number, GrantedReward[]>();
  for (let day = 1; day <= checkinCycleDays; day += 1) byDay.set(day, []);
  for (const row of rows) {
    if (row.brandId === owner) byDay.get(row.cycleDay)?.push(grantedOf(row));
  }
  return { ownTable, byDay };
}

const grantedOf = (row: CheckinReward): GrantedReward => ({ reward_type: row.rewardType, quantity: row.quantity, item_type: row.itemType, props_id: row.propsId });

export async function readDayRewards(db: Db | Tx, brandId: string, cycleDay: number): Promise<GrantedReward[]> {
  return (await readCycleRewards(db, brandId)).byDay.get(cycleDay) ?? [];
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

/**
 * Replaces one day's rewards of a table (`ops checkin:day [--brand]`, the console's check-in page). A brand without a
 * table of its own first gets a copy of the default one, so changing one of its days leaves its other days as they
 * were. The day's rewards before and after, or null when they were already these (nothing is written).
 */
export async function replaceDayRewards(db: Db, brandId: string | null, cycleDay: number, rewards: GrantedReward[]): Promise<{ before: GrantedReward[]; after: GrantedReward[] } | null> {
  return db.transaction((tx) => replaceDayRewardsIn(tx, brandId, cycleDay, rewards));
}

/** `replaceDayRewards` inside the caller's transaction (the console writes its audit row in it). */
export async function replaceDayRewardsIn(tx: Tx, brandId: string | null, cycleDay: number, rewards: GrantedReward[]): Promise<{ before: GrantedReward[]; after: GrantedReward[] } | null> {
  if (!Number.isInteger(cycleDay) || cycleDay < 1 || cycleDay > checkinCycleDays) throw new AppError('checkin.errors.badReward');
  // In the order the table's rows read back, so that the same rewards compare equal.
  const after = rewards.map(validReward).map(({ reward_type, quantity, item_type, props_id }) => ({ reward_type, quantity, item_type, props_id }));
  // Locking the default rows serialises every change of a table: two first edits of a brand at once copy the default
  // table once, and two saves of one day do not interleave.
  const defaults = await tx.select().from(checkinRewards).where(tableOf(null)).for('update');
  const before = (await readCycleRewards(tx, brandId)).byDay.get(cycleDay) ?? [];
  if (JSON.stringify(before) === JSON.stringify(after)) return null;
  if (brandId !== null) {
    const [own] = await tx.select({ id: checkinRewards.id }).from(checkinRewards).where(tableOf(brandId)).limit(1);
    if (!own && defaults.length > 0) {
      await tx.insert(checkinRewards).values(defaults.map(({ id: _id, ...row }) => ({ ...row, brandId })));
    }
  }
  await tx.delete(checkinRewards).where(and(tableOf(brandId), eq(checkinRewards.cycleDay, cycleDay)));
  if (after.length > 0) {
    await tx.insert(checkinRewards).values(
      after.map((reward, index) => ({ brandId, cycleDay, rewardType: reward.reward_type, quantity: reward.quantity, itemType: reward.item_type, propsId: reward.props_id, sortOrder: index })),
    );
  }
  return { before, after };
}

/**
 * Drops a brand's own table (`ops checkin:rewards --brand <id> --reset`, the console): its check-ins use the default
 * one again. The rows dropped, each day's rewards as they were.
 */
export async function dropBrandRewards(db: Db | Tx, brandId: string): Promise<GrantedReward[][]> {
  const dropped = await db.delete(checkinRewards).where(tableOf(brandId)).returning();
  const byDay: GrantedReward[][] = Array.from({ length: checkinCycleDays }, () => []);
  for (const row of dropped.sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)) byDay[row.cycleDay - 1]?.push(grantedOf(row));
  return byDay;
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
    .map((item) => t('checkin.rewardLine', { title: item.title, amount: number.format(isCurrencyReward(item.reward_type) ? item.quantity / 100 : item.quantity) }))
    .join(t('checkin.rewardSeparator'));
}
