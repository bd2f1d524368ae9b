import 'server-only';
// The one writer of live match state: applies a feed's snapshot to the database in one transaction
// (match row, events so far, line-ups, a finished match's report and table), then publishes what
// changed to the match's channel: textLive per new event, scoreLive, statsLive, lineupLive.
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { matchEvents, matchLineups, matches, newsArticles, teams, type Match } from '@/lib/db/schema';
import type { LocalizedText } from '@/lib/i18n/locales';
import type { MatchLiveMessage } from '@/lib/realtime/match-messages';
import { commentaryFor } from '@/lib/server/matches/commentary';
import { buildTeamLineup, computeMatchStats, isStatsKind, toLiveEvent, type EventFacts } from '@/lib/server/matches/live-derive';
import { recomputeStandings } from '@/lib/server/matches/standings';
import { matchEventRow } from '../event-row';
import type { ScorePair } from '../timeline';
import type { FeedEvent, MatchPublisher, MatchSnapshot } from './types';

export type ApplyOptions = {
  now: Date;
  /** Whether viewers already had the line-ups (a lineupLive goes out when they become public). */
  lineupAnnouncedBefore: boolean;
  /** 'defer' leaves the competition's table to the caller, who recomputes once for many matches. */
  standings?: 'now' | 'defer';
};

export type ApplyResult = {
  changed: boolean;
  competitionId: number;
  /** The match started or stopped counting as finished: its competition's table is out of date. */
  standingsStale: boolean;
};

const pair = (home: number | null, away: number | null): ScorePair | null => (home === null || away === null ? null : [home, away]);
const samePair = (a: ScorePair | null, b: ScorePair | null) => (a === null ? b === null : b !== null && a[0] === b[0] && a[1] === b[1]);

/** JSON equality that ignores key order (jsonb hands keys back in its own order). */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).sort(([x], [y]) => x.localeCompare(y)).map(([key, inner]) => [key, canonical(inner)]))
        : value;
  return JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
}

function toFacts(event: FeedEvent, seq: number): EventFacts {
  return { ...event, seq };
}

function matchRowChanged(match: Match, snapshot: MatchSnapshot): boolean {
  return (
    match.status !== snapshot.status ||
    match.phase !== snapshot.phase ||
    match.minute !== snapshot.minute ||
    match.stoppage !== snapshot.stoppage ||
    !samePair(pair(match.homeScore, match.awayScore), snapshot.score) ||
    !samePair(pair(match.htHome, match.htAway), snapshot.ht) ||
    !samePair(pair(match.ftHome, match.ftAway), snapshot.ft) ||
    !samePair(pair(match.etHome, match.etAway), snapshot.et) ||
    !samePair(pair(match.pensHome, match.pensAway), snapshot.pens) ||
    (snapshot.providerStats !== undefined && !sameJson(match.providerStats, snapshot.providerStats))
  );
}

export async function applySnapshot(db: Db, publish: MatchPublisher, snapshot: MatchSnapshot, options: ApplyOptions): Promise<ApplyResult> {
  const outcome = await db.transaction(async (tx) => {
    const [match] = await tx.select().from(matches).where(eq(matches.id, snapshot.matchId)).for('update');
    if (!match) throw new Error(`match ${snapshot.matchId} does not exist`);

    const stored = await tx
      .select({ id: matchEvents.id, sourceKey: matchEvents.sourceKey, seq: matchEvents.seq, kind: matchEvents.kind })
      .from(matchEvents)
      .where(eq(matchEvents.matchId, match.id));
    const storedByKey = new Map(stored.map((event) => [event.sourceKey, event]));
    const wantedKeys = new Set(snapshot.events.map((event) => event.key));
    const withdrawn = stored.filter((event) => !wantedKeys.has(event.sourceKey));
    const numbered = snapshot.events.map((event, index) => ({ event, seq: index + 1 }));
    const added = numbered.filter(({ event }) => !storedByKey.has(event.key));
    const moved = numbered.filter(({ event, seq }) => storedByKey.has(event.key) && storedByKey.get(event.key)!.seq !== seq);

    if (withdrawn.length > 0) await tx.delete(matchEvents).where(inArray(matchEvents.id, withdrawn.map((event) => event.id)));
    for (const { event, seq } of moved) {
      await tx.update(matchEvents).set({ seq }).where(and(eq(matchEvents.matchId, match.id), eq(matchEvents.sourceKey, event.key)));
    }
    if (added.length > 0) {
      await tx.insert(matchEvents).values(
        added.map(({ event, seq }) => matchEventRow(match.id, seq, event)),
      );
    }

    let lineupsReplaced = false;
    if (snapshot.lineups) {
      const rows = (['home', 'away'] as const).flatMap((side) =>
        snapshot.lineups![side].map((player, slot) => ({
          matchId: match.id,
          side,
          slot,
          teamId: side === 'home' ? match.homeTeamId : match.awayTeamId,
          playerId: player.playerId,
          playerName: player.name,
          shirtNumber: player.number,
          position: player.position,
          starter: player.starter,
          captain: player.captain,
          line: player.line,
        })),
      );
      const current = await tx.select().from(matchLineups).where(eq(matchLineups.matchId, match.id));
      const signature = (list: typeof rows) =>
        JSON.stringify(list.map((row) => [row.side, row.slot, row.playerId, row.playerName, row.shirtNumber, row.position, row.starter, row.captain, row.line]).sort());
      if (signature(current) !== signature(rows)) {
        await tx.delete(matchLineups).where(eq(matchLineups.matchId, match.id));
        if (rows.length > 0) await tx.insert(matchLineups).values(rows);
        lineupsReplaced = true;
      }
    }

    const rowChanged = matchRowChanged(match, snapshot);
    if (rowChanged) {
      await tx
        .update(matches)
        .set({
          status: snapshot.status,
          phase: snapshot.phase,
          minute: snapshot.minute,
          stoppage: snapshot.stoppage,
          homeScore: snapshot.score?.[0] ?? null,
          awayScore: snapshot.score?.[1] ?? null,
          htHome: snapshot.ht?.[0] ?? null,
          htAway: snapshot.ht?.[1] ?? null,
          ftHome: snapshot.ft?.[0] ?? null,
          ftAway: snapshot.ft?.[1] ?? null,
          etHome: snapshot.et?.[0] ?? null,
          etAway: snapshot.et?.[1] ?? null,
          pensHome: snapshot.pens?.[0] ?? null,
          pensAway: snapshot.pens?.[1] ?? null,
          ...(snapshot.providerStats !== undefined ? { providerStats: snapshot.providerStats } : {}),
          updatedAt: options.now,
        })
        .where(eq(matches.id, match.id));
    }

    const wasFinished = match.status === 'finished';
    const isFinished = snapshot.status === 'finished';
    if (isFinished && !wasFinished) {
      // The match report, written ahead from the record, goes out with the final whistle.
      await tx
        .update(newsArticles)
        .set({ publishedAt: options.now, updatedAt: options.now })
        .where(and(eq(newsArticles.matchId, match.id), eq(newsArticles.kind, 'report'), isNull(newsArticles.publishedAt)));
    } else if (wasFinished && !isFinished) {
      // A replay restarting the match takes its report back until it ends again.
      await tx
        .update(newsArticles)
        .set({ publishedAt: null, updatedAt: options.now })
        .where(and(eq(newsArticles.matchId, match.id), eq(newsArticles.kind, 'report'), isNotNull(newsArticles.publishedAt)));
    }

    const teamRows = await tx.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, [match.homeTeamId, match.awayTeamId]));
    const teamName = (id: number): LocalizedText => teamRows.find((team) => team.id === id)?.name ?? { 'en-US': '' };
    const statsEventsChanged = [...added.map(({ event }) => event.kind), ...withdrawn.map((event) => event.kind)].some(isStatsKind);
    const announceLineups =
      snapshot.lineupAnnounced && (!options.lineupAnnouncedBefore || lineupsReplaced || (statsEventsChanged && snapshot.status !== 'upcoming'));
    const lineupRows = announceLineups ? await tx.select().from(matchLineups).where(eq(matchLineups.matchId, match.id)) : [];

    return {
      match,
      added,
      rowChanged,
      statsChanged: statsEventsChanged || (snapshot.providerStats !== undefined && !sameJson(match.providerStats, snapshot.providerStats)),
      announceLineups,
      lineupRows,
      teams: { home: teamName(match.homeTeamId), away: teamName(match.awayTeamId) },
      standingsStale: wasFinished !== isFinished,
      changed: rowChanged || added.length > 0 || withdrawn.length > 0 || moved.length > 0 || lineupsReplaced,
    };
  });

  const { match } = outcome;
  if (outcome.standingsStale && options.standings !== 'defer') await recomputeStandings(db, match.competitionId);

  const facts = snapshot.events.map((event, index) => toFacts(event, index + 1));
  const messages: MatchLiveMessage[] = [];
  const lastEnd = snapshot.events.reduce((last, event, index) => (event.kind === 'period_end' ? index : last), -1);
  const extraTime = snapshot.events.some((event) => event.period === 3);
  for (const { event, seq } of outcome.added) {
    const endsMatch = snapshot.status === 'finished' && seq - 1 === lastEnd;
    messages.push({
      type: 'textLive',
      match_id: match.id,
      event: toLiveEvent(toFacts(event, seq)),
      text: event.text ?? commentaryFor(toFacts(event, seq), { teams: outcome.teams, endsMatch, extraTime }),
    });
  }
  if (outcome.rowChanged) {
    messages.push({
      type: 'scoreLive',
      match_id: match.id,
      at: options.now.getTime(),
      status: snapshot.status,
      phase: snapshot.phase,
      minute: snapshot.minute,
      stoppage: snapshot.stoppage,
      home_score: snapshot.score?.[0] ?? null,
      away_score: snapshot.score?.[1] ?? null,
      ht: snapshot.ht,
      et: snapshot.et,
      pens: snapshot.pens,
    });
  }
  if (outcome.statsChanged) {
    const providerStats = snapshot.providerStats !== undefined ? snapshot.providerStats : match.providerStats;
    messages.push({
      type: 'statsLive',
      match_id: match.id,
      stats: computeMatchStats(facts, { home: snapshot.score?.[0] ?? null, away: snapshot.score?.[1] ?? null }, providerStats),
    });
  }
  if (outcome.announceLineups && outcome.lineupRows.length > 0) {
    messages.push({
      type: 'lineupLive',
      match_id: match.id,
      home: buildTeamLineup(outcome.lineupRows.filter((row) => row.side === 'home'), 'home', facts, match.homeTeamId),
      away: buildTeamLineup(outcome.lineupRows.filter((row) => row.side === 'away'), 'away', facts, match.awayTeamId),
    });
  }
  for (const message of messages) await publish(match.id, message);

  return { changed: outcome.changed, competitionId: match.competitionId, standingsStale: outcome.standingsStale };
}
