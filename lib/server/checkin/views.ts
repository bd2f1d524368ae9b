import 'server-only';
// What the dialog and the user centre read (spec §3 check-in info and history): the week of the cycle with each day's
// rewards (the brand's table), the continuous count, today's state, this month's calendar, the retroactive allowance, and the history.
import { and, count, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { checkinDays, checkinRetroMonths } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { checkinCycleDays, checkinHistoryPageSize } from '@/lib/validation/checkin-constants';
import type { CheckinHistory, CheckinInfo } from '@/lib/validation/checkin';
import { checkedInCycle, dayFromNumber, dayNumber, monthOf } from './cycle';
import { experienceOf, readCycleRewards, rewardDescription, rewardItems } from './rewards';
import { siteToday } from './site-day';

export async function readCheckinInfo(db: Db | Tx, userId: number, brandId: string, locale: Locale, now: Date = new Date()): Promise<CheckinInfo> {
  const today = siteToday(now);
  const todayNumber = dayNumber(today);
  const monthStart = `${monthOf(today)}-01`;
  // This month's days, and yesterday's when today is the 1st (the streak may run on from last month).
  const from = dayFromNumber(Math.min(dayNumber(monthStart), todayNumber - 1));
  const rows = await db
    .select({ day: checkinDays.day, streak: checkinDays.streak, retroactive: checkinDays.retroactive })
    .from(checkinDays)
    .where(and(eq(checkinDays.userId, userId), gte(checkinDays.day, from), lte(checkinDays.day, today)));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const checkedToday = byDay.has(today);
  const streak = byDay.get(today)?.streak ?? byDay.get(dayFromNumber(todayNumber - 1))?.streak ?? 0;
  const shown = checkedInCycle(streak, checkedToday);

  const rewards = (await readCycleRewards(db, brandId)).byDay;
  const details = Array.from({ length: checkinCycleDays }, (_, index) => {
    const day = index + 1;
    const dayRewards = rewards.get(day) ?? [];
    return { day, ExpNum: experienceOf(dayRewards), IsChecked: day <= shown, RewardList: rewardItems(dayRewards, locale) };
  });

  const daysInMonth = new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)), 0)).getUTCDate();
  const month = Array.from({ length: daysInMonth }, (_, index) => {
    const date = dayFromNumber(dayNumber(monthStart) + index);
    const row = byDay.get(date);
    const state = row ? (row.retroactive ? 'retroactive' : 'checked') : date === today ? 'today' : date > today ? 'future' : 'missed';
    return { date, state } as const;
  });

  const [used] = await db
    .select({ used: checkinRetroMonths.used })
    .from(checkinRetroMonths)
    .where(and(eq(checkinRetroMonths.userId, userId), eq(checkinRetroMonths.month, monthOf(today))));
  const env = getEnv();
  return {
    CheckinDetails: details,
    Continuous: streak,
    IsCheckedToday: checkedToday,
    today,
    month,
    retro: { cost: env.CHECKIN_RETRO_COST, limit: env.CHECKIN_RETRO_MONTHLY_LIMIT, used: used?.used ?? 0 },
  };
}

/** Spec §3 CheckinHistory, newest day first, in pages of 20 (spec §9). */
export async function readCheckinHistory(db: Db, userId: number, locale: Locale, page: number): Promise<CheckinHistory> {
  const rows = await db
    .select({ day: checkinDays.day, cycleDay: checkinDays.cycleDay, retroactive: checkinDays.retroactive, rewards: checkinDays.rewards })
    .from(checkinDays)
    .where(eq(checkinDays.userId, userId))
    .orderBy(desc(checkinDays.day))
    .limit(checkinHistoryPageSize)
    .offset((page - 1) * checkinHistoryPageSize);
  const [total] = await db.select({ total: count() }).from(checkinDays).where(eq(checkinDays.userId, userId));
  return {
    CheckinHistory: rows.map((row) => ({
      date: row.day,
      day: row.cycleDay,
      retroactive: row.retroactive,
      RewardDesc: rewardDescription(row.rewards, locale),
      RewardList: rewardItems(row.rewards, locale),
    })),
    total: total?.total ?? 0,
  };
}
