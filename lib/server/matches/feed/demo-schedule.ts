import 'server-only';
// The replay schedule: maps a competition's real calendar onto the wall clock,
//   wall time = wallAnchor + (real time − realAnchor) / speed,
// moving every scripted match's kick-off accordingly. The demo anchors the 2022 World Cup so that at
// first start it is 30 minutes into the first round-3 matches of Group A (Netherlands v Qatar,
// Ecuador v Senegal, 29 Nov 2022 18:00 in Doha): 32 matches are finished, two live, 30 upcoming,
// and the rest of the tournament follows at the real rhythm (or `speed` times faster).
import { and, eq, gt, lte, min, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { matchReplaySchedules, matchReplayScripts, matches } from '@/lib/db/schema';
import { worldCupCompetitionId } from '@/lib/validation/matches';
import { createMatchReplayer } from './replayer';

/** The moment of the real 2022 calendar that the demo starts at. */
export const demoRealAnchor = new Date('2022-11-29T15:30:00Z');

type ReplaySchedule = { competitionId: number; realAnchor: Date; wallAnchor: Date; speed: number };

/** Stores the schedule and moves the competition's scripted matches to their wall-clock kick-offs. */
async function applyReplaySchedule(db: Db, schedule: ReplaySchedule): Promise<void> {
  if (!(schedule.speed > 0)) throw new Error('the replay speed must be above 0');
  await db.transaction(async (tx) => {
    await tx
      .insert(matchReplaySchedules)
      .values({ ...schedule, updatedAt: schedule.wallAnchor })
      .onConflictDoUpdate({
        target: matchReplaySchedules.competitionId,
        set: { realAnchor: schedule.realAnchor, wallAnchor: schedule.wallAnchor, speed: schedule.speed, updatedAt: schedule.wallAnchor },
      });
    await tx
      .update(matches)
      .set({
        kickoffAt: sql`${schedule.wallAnchor.toISOString()}::timestamptz + (${matchReplayScripts.realKickoffAt} - ${schedule.realAnchor.toISOString()}::timestamptz) / ${schedule.speed}::float8`,
      })
      .from(matchReplayScripts)
      .where(and(eq(matchReplayScripts.matchId, matches.id), eq(matches.competitionId, schedule.competitionId)));
  });
}

/**
 * Changes a running schedule's speed without a jump: the real moment being replayed now stays
 * where it is, and what follows comes `speed` times faster than real time.
 */
export async function setReplaySpeed(db: Db, competitionId: number, speed: number, now: Date): Promise<boolean> {
  const [current] = await db.select().from(matchReplaySchedules).where(eq(matchReplaySchedules.competitionId, competitionId));
  if (!current || current.speed === speed) return false;
  const realNow = new Date(current.realAnchor.getTime() + (now.getTime() - current.wallAnchor.getTime()) * current.speed);
  await applyReplaySchedule(db, { competitionId, realAnchor: realNow, wallAnchor: now, speed });
  return true;
}

/**
 * Skips the dead time between match days: when no scripted match of the competition is under way and
 * the next kick-off is more than `maxGapMs` of wall time away, moves the schedule on so that it comes
 * `maxGapMs` from now. Time only moves forward, so finished matches stay finished. Without it a demo
 * started in the evening shows nothing live until the next afternoon (and at 60× a 20-minute gap).
 */
export async function closeReplayGap(db: Db, competitionId: number, now: Date, maxGapMs: number): Promise<boolean> {
  const [current] = await db.select().from(matchReplaySchedules).where(eq(matchReplaySchedules.competitionId, competitionId));
  if (!current) return false;
  const scripted = and(eq(matchReplayScripts.matchId, matches.id), eq(matches.competitionId, competitionId));
  const [underWay] = await db
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(matchReplayScripts, scripted)
    .where(and(lte(matches.kickoffAt, now), ne(matches.status, 'finished')))
    .limit(1);
  if (underWay) return false;
  const [{ next }] = await db
    .select({ next: min(matches.kickoffAt) })
    .from(matches)
    .innerJoin(matchReplayScripts, scripted)
    .where(gt(matches.kickoffAt, now));
  // The column is a timestamp, yet an aggregate may come back as text on some drivers.
  const nextKickoff = next === null ? null : new Date(next);
  if (!nextKickoff || nextKickoff.getTime() - now.getTime() <= maxGapMs) return false;
  const skippedWallMs = nextKickoff.getTime() - now.getTime() - maxGapMs;
  const realNow = current.realAnchor.getTime() + (now.getTime() - current.wallAnchor.getTime()) * current.speed;
  await applyReplaySchedule(db, {
    competitionId,
    realAnchor: new Date(realNow + skippedWallMs * current.speed),
    wallAnchor: now,
    speed: current.speed,
  });
  return true;
}

/** Seed step of the demo: schedules the World Cup replay and brings every match to its state at `now`. */
export async function startDemoReplay(db: Db, now: Date): Promise<void> {
  await applyReplaySchedule(db, { competitionId: worldCupCompetitionId, realAnchor: demoRealAnchor, wallAnchor: now, speed: 1 });
  // Nobody is subscribed during seeding: the states are written, nothing is published.
  const replayer = createMatchReplayer(db, async () => undefined);
  const report = await replayer.tick(now);
  if (report.errors.length > 0) throw new Error(`demo replay could not start: ${report.errors.join('; ')}`);
}
