import 'server-only';
// Today's check-in (spec §4 dialog status 1 → 3, §7 checkinToday): one transaction that claims the user's day (the
// primary key (user, day): of 20 requests at once from several devices one inserts, the others wait for it and find
// the day taken), counts the device and the address against the anti-farming limits, grants the cycle day's rewards
// through the ledger under `checkin:<user>:<day>` and adds the experience. Any refusal rolls it all back. The rewards
// are those of the brand the request came from (its own table, or the default); the day is one across brands.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { checkinDays } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import { readWallet } from '@/lib/server/ledger/balances';
import { announceBalance } from '@/lib/server/ledger/notify';
import { postMovement } from '@/lib/server/ledger/post';
import { refund, takeAll, type Limit } from '@/lib/server/rate-limit/limits';
import { addExperience } from '@/lib/server/users/experience';
import type { CheckinTodayReply } from '@/lib/validation/checkin';
import { cycleDay, dayFromNumber, dayNumber, nextStreak } from './cycle';
import { experienceOf, readDayRewards, rewardItems, rewardLegs } from './rewards';
import { siteToday } from './site-day';

export type CheckinRequest = { userId: number; brandId: string; locale: Locale; deviceId: string; ip: string; now?: Date };

/**
 * The anti-farming limits a check-in counts against: its device (a fingerprint; a request without one counts against
 * its address's device budget, so dropping the header gains nothing) and its address.
 */
function velocityLimits(request: CheckinRequest): Limit[] {
  return [
    { name: 'checkinDevice', key: request.deviceId ? `device:${request.deviceId}` : `ip:${request.ip}` },
    { name: 'checkinIp', key: request.ip },
  ];
}

/** Checks the user in for today. Refused: already checked in today ('今天已签到'), a device or address over its limit. */
export async function checkInToday(db: Db, request: CheckinRequest): Promise<CheckinTodayReply> {
  const { userId } = request;
  const today = siteToday(request.now);
  const limits = velocityLimits(request);
  let counted = false;
  try {
    const reply = await db.transaction(async (tx) => {
      const [previous] = await tx
        .select({ streak: checkinDays.streak })
        .from(checkinDays)
        .where(and(eq(checkinDays.userId, userId), eq(checkinDays.day, dayFromNumber(dayNumber(today) - 1))));
      const streak = nextStreak(previous?.streak);
      const day = cycleDay(streak);
      const rewards = await readDayRewards(tx, request.brandId, day);
      const claimed = await tx
        .insert(checkinDays)
        .values({ userId, day: today, streak, cycleDay: day, rewards })
        .onConflictDoNothing()
        .returning({ day: checkinDays.day });
      if (claimed.length === 0) throw new AppError('checkin.errors.alreadyToday');
      await takeAll(limits, (_, name) => new AppError(name === 'checkinDevice' ? 'checkin.errors.tooManyFromDevice' : 'checkin.errors.tooManyFromAddress'));
      counted = true;

      const legs = rewardLegs(userId, rewards);
      if (legs.length > 0) {
        const posted = await postMovement(
          tx,
          { idempotencyKey: `checkin:${userId}:${today}`, kind: 'checkin', body: { day: today, cycle_day: day }, legs, userId, meta: { day: today, cycleDay: day } },
          async () => null,
        );
        await tx.update(checkinDays).set({ transactionId: posted.transactionId }).where(and(eq(checkinDays.userId, userId), eq(checkinDays.day, today)));
      }
      await addExperience(tx, userId, experienceOf(rewards));
      const wallet = await readWallet(tx, userId);
      return { RewardList: rewardItems(rewards, request.locale), Continuous: streak, day, bal: wallet };
    });
    await announceBalance(userId, reply.bal);
    return reply;
  } catch (error) {
    // A check-in that did not happen does not count against the device or the address.
    if (counted) await refund(limits);
    throw error;
  }
}
