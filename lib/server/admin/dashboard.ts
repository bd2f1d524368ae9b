import 'server-only';
// The console's dashboard figures, read from the rows themselves: open lives and their viewers (the gateways
// keep `lives.viewers` current), sign-ups and paid recharges by UTC day, and the error lines every process wrote in
// the last hour (lib/server/error-counts.ts).
import { and, count, gte, isNotNull, ne, sql, sum } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, rechargeOrders, users } from '@/lib/db/schema';
import type { DashboardFigures } from '@/lib/validation/admin';
import { errorsSince } from '@/lib/server/error-counts';

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function dashboardFigures(db: Db, now = new Date()): Promise<DashboardFigures> {
  const today = startOfUtcDay(now);
  const weekAgo = new Date(today.getTime() - 6 * 86_400_000);
  const [live] = await db
    .select({ lives: count(), viewers: sum(lives.viewers).mapWith(Number) })
    .from(lives)
    .where(ne(lives.status, 'ended'));
  const [signUps] = await db
    .select({
      today: sql<number>`count(*) filter (where ${users.createdAt} >= ${today.toISOString()}::timestamptz)`.mapWith(Number),
      week: count(),
    })
    .from(users)
    .where(gte(users.createdAt, weekAgo));
  const paid = await db
    .select({ currency: rechargeOrders.currency, orders: count(), amountMinor: sum(rechargeOrders.priceMinor).mapWith(Number) })
    .from(rechargeOrders)
    .where(and(isNotNull(rechargeOrders.paidAt), gte(rechargeOrders.paidAt, today)))
    .groupBy(rechargeOrders.currency);
  return {
    errorsLastHour: await errorsSince(db, new Date(now.getTime() - 3_600_000)),
    viewersNow: live.viewers ?? 0,
    livesNow: live.lives,
    signUpsToday: signUps.today,
    signUps7Days: signUps.week,
    rechargesToday: {
      orders: paid.reduce((total, row) => total + row.orders, 0),
      byCurrency: paid.map(({ currency, amountMinor }) => ({ currency, amountMinor: amountMinor ?? 0 })),
    },
  };
}
