import 'server-only';
// Writes the openfootball import plan to the database, idempotently: reference rows are upserted
// by their natural keys, and a match's result, line-ups, events and replay script are written only
// when the match is new, so running the import again (or after a replay moved matches) changes nothing.
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db';
import {
  competitions,
  competitionTeams,
  matchEvents,
  matchLineups,
  matchReplayScripts,
  matches,
  players,
  teams,
  venues,
} from '@/lib/db/schema';
import { recomputeStandings } from '@/lib/server/matches/standings';
import { buildScript, type MatchScript } from '@/lib/server/matches/timeline';
import { buildImportPlan, type PlannedMatch, type PlayerRef } from './build';
import { readOpenfootballSources, type OpenfootballSources } from './sources';
import { matchEventRow } from '../event-row';

export type ImportReport = {
  competitions: number;
  teams: number;
  players: number;
  matchesAdded: number;
  matchesKnown: number;
  /** Where the files disagree in a way the importer cannot settle (none with the shipped files). */
  problems: string[];
  /** Where the files disagree and the record of the match settles it (a half-time score against the goal minutes). */
  corrections: string[];
};

/** `set` clause that takes every listed column from the row that conflicted. */
function fromExcluded<T extends Record<string, PgColumn>>(columns: T): Record<keyof T, SQL> {
  const set = {} as Record<keyof T, SQL>;
  for (const key of Object.keys(columns) as (keyof T)[]) set[key] = sql.raw(`excluded."${columns[key].name}"`);
  return set;
}

async function insertInChunks<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][], size = 500): Promise<void> {
  for (let start = 0; start < rows.length; start += size) {
    await db.insert(table).values(rows.slice(start, start + size)).onConflictDoNothing();
  }
}

export async function importOpenfootball(db: Db, sources?: OpenfootballSources): Promise<ImportReport> {
  const plan = buildImportPlan(sources ?? (await readOpenfootballSources()));
  const problems = [...plan.problems];
  const corrections: string[] = [];

  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await tx
      .insert(competitions)
      .values(plan.competitions)
      .onConflictDoUpdate({
        target: competitions.id,
        set: fromExcluded({
          code: competitions.code,
          name: competitions.name,
          shortName: competitions.shortName,
          season: competitions.season,
          kind: competitions.kind,
          sportId: competitions.sportId,
          categoryId: competitions.categoryId,
          startsOn: competitions.startsOn,
          endsOn: competitions.endsOn,
          sortOrder: competitions.sortOrder,
        }),
      });

    const teamRows = await tx
      .insert(teams)
      .values(
        plan.teams.map(({ entry, kind }) => ({
          slug: entry.slug,
          kind,
          name: { 'en-US': entry.en, 'zh-CN': entry.zh },
          shortName: { 'en-US': entry.enShort, 'zh-CN': entry.zhShort },
          code: entry.code,
          primaryColor: entry.colors[0],
          secondaryColor: entry.colors[1],
        })),
      )
      .onConflictDoUpdate({
        target: teams.slug,
        set: fromExcluded({
          kind: teams.kind,
          name: teams.name,
          shortName: teams.shortName,
          code: teams.code,
          primaryColor: teams.primaryColor,
          secondaryColor: teams.secondaryColor,
        }),
      })
      .returning({ id: teams.id, slug: teams.slug });
    const teamId = new Map(teamRows.map((row) => [row.slug, row.id]));
    const idOfTeam = (slug: string) => {
      const id = teamId.get(slug);
      if (id === undefined) throw new Error(`team ${slug} was not imported`);
      return id;
    };

    await tx
      .insert(competitionTeams)
      .values(plan.teams.map((team) => ({ competitionId: team.competitionId, teamId: idOfTeam(team.entry.slug), groupName: team.groupName })))
      .onConflictDoUpdate({ target: [competitionTeams.competitionId, competitionTeams.teamId], set: fromExcluded({ groupName: competitionTeams.groupName }) });

    const venueRows = await tx
      .insert(venues)
      .values(plan.venues)
      .onConflictDoUpdate({
        target: venues.slug,
        set: fromExcluded({
          name: venues.name,
          city: venues.city,
          country: venues.country,
          capacity: venues.capacity,
          latitude: venues.latitude,
          longitude: venues.longitude,
          utcOffset: venues.utcOffset,
        }),
      })
      .returning({ id: venues.id, slug: venues.slug });
    const venueId = new Map(venueRows.map((row) => [row.slug, row.id]));

    const playerRows = [];
    for (let start = 0; start < plan.players.length; start += 500) {
      playerRows.push(
        ...(await tx
          .insert(players)
          .values(
            plan.players.slice(start, start + 500).map((player) => ({
              teamId: idOfTeam(player.teamSlug),
              name: player.name,
              nameKey: player.nameKey,
              shirtNumber: player.shirtNumber,
              position: player.position,
              birthDate: player.birthDate,
            })),
          )
          .onConflictDoUpdate({
            target: [players.teamId, players.nameKey],
            set: fromExcluded({ name: players.name, shirtNumber: players.shirtNumber, position: players.position, birthDate: players.birthDate }),
          })
          .returning({ id: players.id, teamId: players.teamId, nameKey: players.nameKey })),
      );
    }
    const playerId = new Map(playerRows.map((row) => [`${row.teamId}|${row.nameKey}`, row.id]));
    const idOfPlayer = (ref: PlayerRef | null) => (ref ? (playerId.get(`${idOfTeam(ref.teamSlug)}|${ref.nameKey}`) ?? null) : null);

    const scripts = new Map<number, MatchScript>();
    for (const match of plan.matches) {
      if (!match.record) continue;
      const script = buildScript({
        extraTime: match.record.extraTime,
        events: match.record.events.map((event) => ({
          ...event,
          teamId: idOfTeam(event.teamSlug),
          playerId: idOfPlayer(event.player),
          relatedPlayerId: idOfPlayer(event.relatedPlayer),
        })),
        shootout: match.record.shootout.map((kick) => ({ ...kick, teamId: idOfTeam(kick.teamSlug), playerId: idOfPlayer(kick.player) })),
      });
      const comparison = compareScores(match, script);
      problems.push(...comparison.problems);
      corrections.push(...comparison.corrections);
      scripts.set(match.id, script);
    }

    const inserted = new Set<number>();
    for (let start = 0; start < plan.matches.length; start += 200) {
      const rows = await tx
        .insert(matches)
        .values(plan.matches.slice(start, start + 200).map((match) => finishedMatchRow(match, scripts.get(match.id), idOfTeam, venueId)))
        .onConflictDoUpdate({
          target: matches.id,
          // Kick-off, status and scores are left alone: a replay schedule may have moved them since.
          set: fromExcluded({
            competitionId: matches.competitionId,
            matchNumber: matches.matchNumber,
            stage: matches.stage,
            groupName: matches.groupName,
            matchday: matches.matchday,
            homeTeamId: matches.homeTeamId,
            awayTeamId: matches.awayTeamId,
            homeSlot: matches.homeSlot,
            awaySlot: matches.awaySlot,
            venueId: matches.venueId,
            attendance: matches.attendance,
            referees: matches.referees,
            sourceRef: matches.sourceRef,
          }),
        })
        // xmax is 0 on a row this statement inserted (and set on one it updated).
        .returning({ id: matches.id, inserted: sql<boolean>`(xmax = 0)` });
      for (const row of rows) if (row.inserted) inserted.add(row.id);
    }

    const newMatches = plan.matches.filter((match) => inserted.has(match.id) && match.record);
    await insertInChunks(
      txDb,
      matchLineups,
      newMatches.flatMap((match) =>
        match.record!.lineups.map((row) => ({
          matchId: match.id,
          side: row.side,
          slot: row.slot,
          teamId: idOfTeam(row.side === 'home' ? match.homeSlug : match.awaySlug),
          playerId: idOfPlayer(row.player),
          playerName: row.playerName,
          shirtNumber: row.shirtNumber,
          position: row.position,
          starter: row.starter,
          captain: row.captain,
          line: row.line,
        })),
      ),
    );
    await insertInChunks(
      txDb,
      matchEvents,
      newMatches.flatMap((match) =>
        scripts.get(match.id)!.events.map((event, index) => matchEventRow(match.id, index + 1, event)),
      ),
    );
    const scriptRows = plan.matches.filter((match) => scripts.has(match.id)).map((match) => ({
      matchId: match.id,
      realKickoffAt: match.kickoffAt,
      script: scripts.get(match.id)!,
    }));
    for (let start = 0; start < scriptRows.length; start += 100) {
      await tx
        .insert(matchReplayScripts)
        .values(scriptRows.slice(start, start + 100))
        .onConflictDoUpdate({ target: matchReplayScripts.matchId, set: fromExcluded({ realKickoffAt: matchReplayScripts.realKickoffAt, script: matchReplayScripts.script }) });
    }

    if (inserted.size > 0) {
      for (const competition of plan.competitions) await recomputeStandings(txDb, competition.id);
    }
    return {
      competitions: plan.competitions.length,
      teams: teamRows.length,
      players: playerRows.length,
      matchesAdded: inserted.size,
      matchesKnown: plan.matches.length - inserted.size,
      problems,
      corrections,
    };
  });
}

function finishedMatchRow(
  match: PlannedMatch,
  script: MatchScript | undefined,
  idOfTeam: (slug: string) => number,
  venueId: Map<string, number>,
): typeof matches.$inferInsert {
  const ht = script?.final.ht ?? match.score.ht;
  const final = match.score.et ?? match.score.ft;
  return {
    id: match.id,
    competitionId: match.competitionId,
    matchNumber: match.matchNumber,
    stage: match.stage,
    groupName: match.groupName,
    matchday: match.matchday,
    homeTeamId: idOfTeam(match.homeSlug),
    awayTeamId: idOfTeam(match.awaySlug),
    homeSlot: match.homeSlot,
    awaySlot: match.awaySlot,
    venueId: match.venueSlug ? (venueId.get(match.venueSlug) ?? null) : null,
    kickoffAt: match.kickoffAt,
    status: 'finished',
    phase: 'full_time',
    minute: null,
    homeScore: final[0],
    awayScore: final[1],
    htHome: ht?.[0] ?? null,
    htAway: ht?.[1] ?? null,
    ftHome: match.score.ft[0],
    ftAway: match.score.ft[1],
    etHome: match.score.et?.[0] ?? null,
    etAway: match.score.et?.[1] ?? null,
    pensHome: match.score.pens?.[0] ?? null,
    pensAway: match.score.pens?.[1] ?? null,
    attendance: match.attendance,
    referees: match.referees,
    sourceRef: match.sourceRef,
  };
}

/**
 * The events of a record must add up to the score the JSON states. The JSON's half-time score is
 * wrong for three matches (Japan v Spain, Serbia v Switzerland, Netherlands v Argentina): there the
 * goal minutes decide, and the match row takes the half-time score from the events.
 */
function compareScores(match: PlannedMatch, script: MatchScript): { problems: string[]; corrections: string[] } {
  const same = (a: [number, number] | null, b: [number, number] | null) => (a === null ? b === null : b !== null && a[0] === b[0] && a[1] === b[1]);
  const label = `match ${match.id} (${match.homeSlug} v ${match.awaySlug})`;
  const problems: string[] = [];
  const corrections: string[] = [];
  if (!same(script.final.ft, match.score.ft)) problems.push(`${label}: events give ${script.final.ft.join('-')} at full time, the score says ${match.score.ft.join('-')}`);
  if (!same(script.final.et, match.score.et)) problems.push(`${label}: extra-time score differs from the events`);
  if (!same(script.final.pens, match.score.pens)) problems.push(`${label}: shoot-out differs from the kicks`);
  if (match.score.ht && !same(script.final.ht, match.score.ht)) {
    corrections.push(`${label}: half-time ${script.final.ht.join('-')} from the goal minutes (worldcup.json says ${match.score.ht.join('-')})`);
  }
  return { problems, corrections };
}
