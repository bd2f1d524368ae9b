import 'server-only';
// The console's dashboard figures, read from the rows themselves: open lives and their viewers (the gateways
// keep `lives.viewers` current), sign-ups and paid recharges by UTC day. The process metrics (/metrics) carry no
// error count over a window, so the dashboard shows none rather than a number it cannot stand behind.
import { and, count, gte, isNotNull, ne, sql, sum } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, rechargeOrders, users } from '@/lib/db/schema';
import type { DashboardFigures } from '@/lib/validation/admin';

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
