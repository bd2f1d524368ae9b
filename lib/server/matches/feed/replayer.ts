import 'server-only';
// The replayer: plays real matches from their recorded scripts as if live. A match's state at `now`
// is its script read at (now − kick-off) × speed, where kick-off is the match's (possibly shifted)
// kick_off_at and speed comes from its competition's replay schedule (demo-schedule.ts).
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { matchEvents, matchReplaySchedules, matchReplayScripts, matches } from '@/lib/db/schema';
import { matchScriptSchema, stateAt, type MatchScript, type ReplayState } from '@/lib/server/matches/timeline';
import { recomputeStandings } from '@/lib/server/matches/standings';
import { applySnapshot } from './apply';
import type { FeedTickReport, MatchFeed, MatchPublisher, MatchSnapshot } from './types';

export type ReplayerOptions = {
  /** Replay only these matches, at `speed` (tests, a single showcase match); default: every match of a scheduled competition. */
  matchIds?: number[];
  /** Used with `matchIds`; scheduled competitions carry their own speed. */
  speed?: number;
};

type StoredState = Pick<ReplayState, 'status' | 'phase' | 'minute' | 'stoppage' | 'eventCount'>;
type Replayed = { matchId: number; competitionId: number; kickoffAt: Date; speed: number; script: MatchScript; stored: StoredState };

const sameStored = (a: StoredState, b: StoredState) =>
  a.status === b.status && a.phase === b.phase && a.minute === b.minute && a.stoppage === b.stoppage && a.eventCount === b.eventCount;
const sameState = (a: ReplayState, b: ReplayState) => sameStored(a, b) && a.lineupAnnounced === b.lineupAnnounced;

function snapshotFromScript(matchId: number, script: MatchScript, state: ReplayState): MatchSnapshot {
  return {
    matchId,
    status: state.status,
    phase: state.phase,
    minute: state.minute,
    stoppage: state.stoppage,
    score: state.score,
    ht: state.ht,
    ft: state.ft,
    et: state.et,
    pens: state.pens,
    events: script.events.slice(0, state.eventCount).map(({ at: _at, ...event }) => event),
    lineupAnnounced: state.lineupAnnounced,
  };
}

export type MatchReplayer = MatchFeed & {
  /** Reloads kick-offs and schedules (after a schedule moved the matches). */
  reload(): void;
};

export function createMatchReplayer(db: Db, publish: MatchPublisher, options: ReplayerOptions = {}): MatchReplayer {
  let replayed: Promise<Replayed[]> | undefined;
  const lastApplied = new Map<number, ReplayState>();

  async function load(): Promise<Replayed[]> {
    const rows = await db
      .select({
        matchId: matches.id,
        competitionId: matches.competitionId,
        kickoffAt: matches.kickoffAt,
        script: matchReplayScripts.script,
        speed: matchReplaySchedules.speed,
        status: matches.status,
        phase: matches.phase,
        minute: matches.minute,
        stoppage: matches.stoppage,
        eventCount: sql<number>`(select count(*)::int from ${matchEvents} where ${matchEvents.matchId} = ${matches.id})`,
      })
      .from(matchReplayScripts)
      .innerJoin(matches, eq(matches.id, matchReplayScripts.matchId))
      .leftJoin(matchReplaySchedules, eq(matchReplaySchedules.competitionId, matches.competitionId))
      .where(options.matchIds ? inArray(matches.id, options.matchIds) : undefined);
    return rows
      .filter((row) => options.matchIds || row.speed !== null)
      .map((row) => ({
        matchId: row.matchId,
        competitionId: row.competitionId,
        kickoffAt: row.kickoffAt,
        speed: options.matchIds ? (options.speed ?? row.speed ?? 1) : (row.speed ?? 1),
        script: matchScriptSchema.parse(row.script),
        stored: { status: row.status, phase: row.phase, minute: row.minute, stoppage: row.stoppage, eventCount: row.eventCount },
      }));
  }

  return {
    name: 'replay',
    reload() {
      replayed = undefined;
    },
    async tick(now) {
      replayed ??= load();
      const report: FeedTickReport = { changed: [], errors: [] };
      const stale = new Set<number>();
      for (const match of await replayed) {
        const elapsedMinutes = ((now.getTime() - match.kickoffAt.getTime()) * match.speed) / 60_000;
        const state = stateAt(match.script, elapsedMinutes);
        const previous = lastApplied.get(match.matchId);
        if (previous && sameState(previous, state)) continue;
        // At start, a match the database already shows in this state needs no write.
        if (!previous && sameStored(match.stored, state)) {
          lastApplied.set(match.matchId, state);
          continue;
        }
        try {
          const result = await applySnapshot(db, publish, snapshotFromScript(match.matchId, match.script, state), {
            now,
            // After a restart nobody is watching yet: no line-up announcement for the first state.
            lineupAnnouncedBefore: previous?.lineupAnnounced ?? state.lineupAnnounced,
            standings: 'defer',
          });
          lastApplied.set(match.matchId, state);
          if (result.changed) report.changed.push(match.matchId);
          if (result.standingsStale) stale.add(result.competitionId);
        } catch (error) {
          report.errors.push(`match ${match.matchId}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      for (const competitionId of stale) await recomputeStandings(db, competitionId);
      return report;
    },
  };
}
