// The check-in cycle's default rewards on every install (docs/checkin.md): experience every day, diamonds (gold) that
// grow through the week, a viewing ticket on day 3, a speaker on day 5, and on day 7 the most diamonds and a lottery
// chance. Operators change them with `ops checkin:day`.
import { checkinRewards } from '@/lib/db/schema';
import { rewardTypes } from '@/lib/validation/checkin-constants';
import { ticketItemType } from '@/lib/validation/live-constants';
import { speakerPropsType } from '@/lib/validation/mall-constants';
import type { SeedStep } from './seed-step';

type DefaultReward = { rewardType: number; quantity: number; itemType?: number };

const experience = (points: number): DefaultReward => ({ rewardType: rewardTypes.experience, quantity: points });
/** Hundredths of gold: 100 is 1.00 diamond. */
const diamonds = (hundredths: number): DefaultReward => ({ rewardType: rewardTypes.gold, quantity: hundredths });

const defaultRewards: Record<number, DefaultReward[]> = {
  1: [experience(10), diamonds(100)],
  2: [experience(10), diamonds(200)],
  3: [experience(15), { rewardType: rewardTypes.cardItem, quantity: 1, itemType: ticketItemType }],
  4: [experience(15), diamonds(300)],
  5: [experience(20), { rewardType: rewardTypes.propItem, quantity: 1, itemType: speakerPropsType }],
  6: [experience(20), diamonds(500)],
  7: [experience(50), diamonds(1_000), { rewardType: rewardTypes.lotteryChance, quantity: 1 }],
};

export const checkinRewardsStep: SeedStep = {
  name: 'checkin-rewards',
  run: async (db) => {
    await db.insert(checkinRewards).values(
      Object.entries(defaultRewards).flatMap(([day, rewards]) =>
        rewards.map((reward, index) => ({
          cycleDay: Number(day),
          rewardType: reward.rewardType,
          quantity: reward.quantity,
          itemType: reward.itemType ?? null,
          sortOrder: index,
        })),
      ),
    );
  },
};
