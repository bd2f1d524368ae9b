import 'server-only';
// The jobs role's sweep of open lives. Deadlines live in the database, so a restart changes nothing:
// - away longer than LIVE_AWAY_GRACE_SECONDS: the live ends;
// - the anchor logged out (spec §4, §9): the live ends 5 minutes after the logout unless they sign in again
//   (any live session of theirs counts as back). Anchors who never had a session (demo streams) are left alone.
import { and, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { lives, sessions } from '@/lib/db/schema';
import { finishLive, openStates } from '@/lib/server/live-state/state';

/** Spec §9: logout while live ends the live after 5 minutes. */
export const logoutGraceMs = 5 * 60_000;

export type SweepReport = { awayEnded: number; logoutScheduled: number; logoutCleared: number; logoutEnded: number };

export async function sweepLives(db: Db, options: { now?: Date; awayGraceSeconds: number }): Promise<SweepReport> {
  const now = options.now ?? new Date();
  const report: SweepReport = { awayEnded: 0, logoutScheduled: 0, logoutCleared: 0, logoutEnded: 0 };

  const awayTooLong = await db
    .select({ id: lives.id })
    .from(lives)
    .where(and(eq(lives.status, 'away'), lte(lives.awaySince, new Date(now.getTime() - options.awayGraceSeconds * 1000))));
  for (const live of awayTooLong) if (await finishLive(db, live.id, 'away_timeout', now)) report.awayEnded += 1;

  const open = await db
    .select({ id: lives.id, anchorId: lives.anchorId, autoEndAt: lives.autoEndAt })
    .from(lives)
    .where(inArray(lives.status, [...openStates]));
  if (open.length === 0) return report;
  const anchorIds = [...new Set(open.map((live) => live.anchorId))];
  const anchorSessions = await db
    .select({ userId: sessions.userId, createdAt: sessions.createdAt, revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(inArray(sessions.userId, anchorIds));
  const signedIn = new Set(anchorSessions.filter((session) => !session.revokedAt && session.expiresAt > now).map((session) => session.userId));
  // A logout is the newest session ending by revocation (an expired session is not one).
  const newest = new Map<number, (typeof anchorSessions)[number]>();
  for (const session of anchorSessions) {
    const seen = newest.get(session.userId);
    if (!seen || session.createdAt > seen.createdAt) newest.set(session.userId, session);
  }

  for (const live of open) {
    if (signedIn.has(live.anchorId)) {
      if (live.autoEndAt) {
        await db.update(lives).set({ autoEndAt: null }).where(eq(lives.id, live.id));
        report.logoutCleared += 1;
      }
      continue;
    }
    const loggedOutAt = newest.get(live.anchorId)?.revokedAt;
    if (!live.autoEndAt && loggedOutAt) {
      const deadline = new Date(loggedOutAt.getTime() + logoutGraceMs);
      await db
        .update(lives)
        .set({ autoEndAt: deadline })
        .where(and(eq(lives.id, live.id), isNull(lives.autoEndAt)));
      report.logoutScheduled += 1;
      live.autoEndAt = deadline;
    }
    if (live.autoEndAt && live.autoEndAt.getTime() <= now.getTime() && (await finishLive(db, live.id, 'logout', now))) report.logoutEnded += 1;
  }
  return report;
}
