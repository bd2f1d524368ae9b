import 'server-only';
// What the anchor centre's charts read (docs/anchor-stats.md): the caller's last days from the rollup, oldest
// first, a day without a row counted as zero.
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorDailyStats } from '@/lib/db/schema';
import type { AnchorStatsDay, AnchorStatsReply } from '@/lib/validation/anchor-stats';

const dayMs = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export async function readAnchorStats(db: Db, anchorId: number, days: number, now = new Date()): Promise<AnchorStatsReply> {
  const first = isoDay(new Date(now.getTime() - (days - 1) * dayMs));
  const rows = await db
    .select()
    .from(anchorDailyStats)
    .where(and(eq(anchorDailyStats.anchorId, anchorId), gte(anchorDailyStats.day, first)));
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const series: AnchorStatsDay[] = Array.from({ length: days }, (_, index) => {
    const day = isoDay(new Date(now.getTime() - (days - 1 - index) * dayMs));
    const row = byDay.get(day);
    return {
      day,
      gift_diamond: row?.giftDiamond ?? 0,
      gift_gold: row?.giftGold ?? 0,
      gifts: row?.gifts ?? 0,
      tickets: row?.tickets ?? 0,
      quiz_stakes: row?.quizStakes ?? 0,
      new_followers: row?.newFollowers ?? 0,
    };
  });
  const updated = rows.reduce((latest, row) => Math.max(latest, row.updatedAt.getTime()), 0);
  return { days: series, updated_at: updated };
}
