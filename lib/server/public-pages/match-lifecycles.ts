import 'server-only';
// Status and kick-off of every match, kept in memory for a few seconds: enough to choose how long a
// match page may be cached, without a database read per page and without shortening that lifetime
// (a Next data-cache read would lower the page's revalidate to its own).
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { competitions, matches, type MatchStatus } from '@/lib/db/schema';
import { cacheSeconds } from './lifetimes';
import { matchDetailPath } from '@/lib/routes';

export type MatchLifecycle = { status: MatchStatus; kickoffAt: number; /** The match page, spec §2.2 /scheduleDetail/{id}/{sportId}. */ path: string };

let memo: { at: number; value: Promise<Map<number, MatchLifecycle>> } | undefined;

async function loadLifecycles(): Promise<Map<number, MatchLifecycle>> {
  const db = await getDb();
  const rows = await db
    .select({ id: matches.id, status: matches.status, kickoffAt: matches.kickoffAt, sportId: competitions.sportId })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId));
  return new Map(rows.map((row) => [row.id, { status: row.status, kickoffAt: row.kickoffAt.getTime(), path: matchDetailPath(row.id, row.sportId) }]));
}

export function readMatchLifecycles(now = Date.now()): Promise<Map<number, MatchLifecycle>> {
  if (!memo || now - memo.at >= cacheSeconds.live * 1000) {
    const value = loadLifecycles();
    memo = { at: now, value };
    // A failed read is not remembered: the next page tries again.
    value.catch(() => {
      if (memo?.value === value) memo = undefined;
    });
  }
  return memo.value;
}
