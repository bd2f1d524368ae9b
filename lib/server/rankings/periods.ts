// Which bucket a moment falls in. Days and weeks are counted in one time zone for every brand, Beijing time
// (the product's audience, and one set of boards for the whole install; see docs/rankings.md): a day starts at
// 00:00 there, a week on Monday at 00:00.
import type { RankingPeriod } from '@/lib/validation/ranking-constants';

const rankingTimeZone = 'Asia/Shanghai';

/** How long a day's and a week's bucket is kept after its last write: long enough to outlive its period. */
export const periodRetentionSeconds: Record<Exclude<RankingPeriod, 'all'>, number> = { day: 3 * 86_400, week: 15 * 86_400 };

const dateFormat = new Intl.DateTimeFormat('en-CA', { timeZone: rankingTimeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar date of `at` in the rankings' time zone, YYYY-MM-DD. */
export function localDate(at: Date): string {
  return dateFormat.format(at);
}

/** The Monday of the week holding `date` (YYYY-MM-DD), by calendar arithmetic in UTC (no time-zone shifts). */
function mondayOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** The bucket key of each period that `at` falls in. */
export function periodKeys(at: Date): Record<RankingPeriod, string> {
  const date = localDate(at);
  return { day: `d:${date}`, week: `w:${mondayOf(date)}`, all: 'all' };
}

/** Bucket keys older than these are past (the day before yesterday, the week before last): the table can drop them. */
export function expiredBefore(now: Date): { day: string; week: string } {
  const keep = (seconds: number) => periodKeys(new Date(now.getTime() - seconds * 1000));
  return { day: keep(periodRetentionSeconds.day).day, week: keep(periodRetentionSeconds.week).week };
}
