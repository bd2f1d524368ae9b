import 'server-only';
// League and group tables, computed from finished matches: 3 points a win, ordered by points,
// goal difference, goals scored, then the same three among the tied teams only (head to head).
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { competitions, matches, standings, teams } from '@/lib/db/schema';

export type TableMatch = { homeTeamId: number; awayTeamId: number; homeScore: number; awayScore: number };
export type TableRow = {
  teamId: number;
  position: number;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
};

function tally(teamIds: number[], results: TableMatch[]): Map<number, Omit<TableRow, 'position'>> {
  const rows = new Map(teamIds.map((teamId) => [teamId, { teamId, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, points: 0 }]));
  for (const result of results) {
    const home = rows.get(result.homeTeamId);
    const away = rows.get(result.awayTeamId);
    if (!home || !away) continue;
    home.played++;
    away.played++;
    home.goalsFor += result.homeScore;
    home.goalsAgainst += result.awayScore;
    away.goalsFor += result.awayScore;
    away.goalsAgainst += result.homeScore;
    if (result.homeScore > result.awayScore) {
      home.won++;
      away.lost++;
      home.points += 3;
    } else if (result.homeScore < result.awayScore) {
      away.won++;
      home.lost++;
      away.points += 3;
    } else {
      home.drawn++;
      away.drawn++;
      home.points++;
      away.points++;
    }
  }
  return rows;
}

type Totals = Omit<TableRow, 'position'>;
const compareTotals = (a: Totals, b: Totals) =>
  b.points - a.points || b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) || b.goalsFor - a.goalsFor;

/** Orders the teams of one table; `tieBreakName` decides what the rules leave level (alphabetical by name). */
export function computeTable(teamIds: number[], results: TableMatch[], tieBreakName: (teamId: number) => string): TableRow[] {
  const totals = tally(teamIds, results);
  const ordered = [...totals.values()].sort((a, b) => {
    const overall = compareTotals(a, b);
    if (overall !== 0) return overall;
    const tied = [...totals.values()].filter((row) => compareTotals(row, a) === 0).map((row) => row.teamId);
    const headToHead = tally(
      tied,
      results.filter((result) => tied.includes(result.homeTeamId) && tied.includes(result.awayTeamId)),
    );
    return compareTotals(headToHead.get(a.teamId)!, headToHead.get(b.teamId)!) || tieBreakName(a.teamId).localeCompare(tieBreakName(b.teamId));
  });
  return ordered.map((row, index) => ({ ...row, position: index + 1 }));
}

/** Rewrites a competition's stored tables from its finished matches (group stage only in a cup). */
export async function recomputeStandings(db: Db, competitionId: number): Promise<void> {
  const [competition] = await db.select().from(competitions).where(eq(competitions.id, competitionId));
  if (!competition) return;
  const rows = await db
    .select()
    .from(matches)
    .where(and(eq(matches.competitionId, competitionId), competition.kind === 'cup' ? isNotNull(matches.groupName) : undefined));
  const teamIdsInPlay = [...new Set(rows.flatMap((row) => [row.homeTeamId, row.awayTeamId]))];
  const teamRows = teamIdsInPlay.length ? await db.select({ id: teams.id, slug: teams.slug }).from(teams).where(inArray(teams.id, teamIdsInPlay)) : [];
  const teamNames = new Map(teamRows.map((team) => [team.id, team.slug]));
  const groups = new Map<string, typeof rows>();
  for (const row of rows) {
    const group = competition.kind === 'cup' ? (row.groupName ?? '') : '';
    groups.set(group, [...(groups.get(group) ?? []), row]);
  }
  const values = [...groups.entries()].flatMap(([groupName, groupMatches]) => {
    const teamIds = [...new Set(groupMatches.flatMap((match) => [match.homeTeamId, match.awayTeamId]))];
    const results = groupMatches
      .filter((match) => match.status === 'finished' && match.homeScore !== null && match.awayScore !== null)
      .map((match) => ({ homeTeamId: match.homeTeamId, awayTeamId: match.awayTeamId, homeScore: match.homeScore!, awayScore: match.awayScore! }));
    return computeTable(teamIds, results, (teamId) => teamNames.get(teamId) ?? '').map((row) => ({
      competitionId,
      groupName,
      ...row,
      updatedAt: new Date(),
    }));
  });
  await db.transaction(async (tx) => {
    await tx.delete(standings).where(eq(standings.competitionId, competitionId));
    if (values.length > 0) await tx.insert(standings).values(values);
  });
}
