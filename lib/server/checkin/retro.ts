import 'server-only';
// A retroactive check-in (补签) of a missed day of the current month: it costs CHECKIN_RETRO_COST gold, paid through
// the ledger, at most CHECKIN_RETRO_MONTHLY_LIMIT a month, and earns no reward itself: it joins the runs on either
// side, so the streak (and the cycle day of the next check-in) go on as if the day had not been missed.
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { checkinDays, checkinRetroMonths } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import type { Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import { systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { readWallet } from '@/lib/server/ledger/balances';
import { announceBalance } from '@/lib/server/ledger/notify';
import { InsufficientBalanceError, postMovement } from '@/lib/server/ledger/post';
import type { CheckinRetroReply } from '@/lib/validation/checkin';
import { dayFromNumber, dayNumber, monthOf, nextStreak, streaksAfterFill } from './cycle';
import { siteToday } from './site-day';
import { readCheckinInfo } from './views';

/** Retroactive check-ins are paid in the free currency (gold, shown as diamonds). */
const retroCurrency = 'gold' as const;

export async function checkInRetro(db: Db, request: { userId: number; brandId: string; date: string; locale: Locale; now?: Date }): Promise<CheckinRetroReply> {
  const { userId, date } = request;
  const env = getEnv();
  const today = siteToday(request.now);
  if (date >= today) throw new AppError('checkin.errors.retroNotPast');
  if (monthOf(date) !== monthOf(today)) throw new AppError('checkin.errors.retroOutsideMonth');
  if (env.CHECKIN_RETRO_MONTHLY_LIMIT === 0) throw new AppError('checkin.errors.retroLimit', { limit: 0 });

  const info = await db.transaction(async (tx) => {
    // The month's count first, in one guarded upsert: two retroactive check-ins at once cannot both pass the limit.
    const [month] = await tx
      .insert(checkinRetroMonths)
      .values({ userId, month: monthOf(today), used: 1 })
      .onConflictDoUpdate({
        target: [checkinRetroMonths.userId, checkinRetroMonths.month],
        set: { used: sql`${checkinRetroMonths.used} + 1` },
        setWhere: sql`${checkinRetroMonths.used} < ${env.CHECKIN_RETRO_MONTHLY_LIMIT}`,
      })
      .returning({ used: checkinRetroMonths.used });
    if (!month) throw new AppError('checkin.errors.retroLimit', { limit: env.CHECKIN_RETRO_MONTHLY_LIMIT });

    const filled = dayNumber(date);
    const [previous] = await tx
      .select({ streak: checkinDays.streak })
      .from(checkinDays)
      .where(and(eq(checkinDays.userId, userId), eq(checkinDays.day, dayFromNumber(filled - 1))));
    const streak = nextStreak(previous?.streak);
    const claimed = await tx
      .insert(checkinDays)
      .values({ userId, day: date, streak, cycleDay: 0, retroactive: true })
      .onConflictDoNothing()
      .returning({ day: checkinDays.day });
    if (claimed.length === 0) throw new AppError('checkin.errors.retroAlreadyChecked');

    // The days after it (this month, so at most 30) count on from it.
    const later = await tx
      .select({ day: checkinDays.day })
      .from(checkinDays)
      .where(and(eq(checkinDays.userId, userId), gt(checkinDays.day, date), lte(checkinDays.day, today)))
      .orderBy(asc(checkinDays.day));
    for (const changed of streaksAfterFill(filled, streak, later.map((row) => dayNumber(row.day)))) {
      await tx.update(checkinDays).set({ streak: changed.streak }).where(and(eq(checkinDays.userId, userId), eq(checkinDays.day, dayFromNumber(changed.day))));
    }

    const cost = env.CHECKIN_RETRO_COST;
    const posted = await postMovement(
      tx,
      {
        idempotencyKey: `checkin.retro:${userId}:${date}`,
        kind: 'checkin.retro',
        body: { date, cost },
        legs: [
          { account: userAccount(userId), asset: retroCurrency, amount: -cost },
          { account: systemAccounts.house, asset: retroCurrency, amount: cost },
        ],
        userId,
        meta: { day: date },
      },
      async () => null,
    ).catch((error: unknown) => {
      if (error instanceof InsufficientBalanceError) throw new AppError('checkin.errors.retroInsufficient', { cost: (cost / 100).toFixed(2) });
      throw error;
    });
    await tx.update(checkinDays).set({ transactionId: posted.transactionId }).where(and(eq(checkinDays.userId, userId), eq(checkinDays.day, date)));
    return readCheckinInfo(tx, userId, request.brandId, request.locale, request.now);
  });
  const bal = await readWallet(db, userId);
  await announceBalance(userId, bal);
  return { bal, info };
}
