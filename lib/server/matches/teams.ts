import 'server-only';
// The team pages (spec §2.2 /teamInfo): one team's standing in each competition, its form, matches and squad with
// appearances, goals and cards counted from the line-ups and events; and the directory of every team.
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { competitions, competitionTeams, matchEvents, matchLineups, players, standings, teams } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchSummary, TeamDirectory, TeamProfile } from '@/lib/validation/matches';
import { teamInfoPath } from '@/lib/routes';
import { competitionRef, listMatches, standingView, teamRef } from './queries';
import { translatorFor } from './translator';

const shownUpcoming = 5;
const shownResults = 10;
const formLength = 5;

type Outcome = TeamProfile['form'][number];

function outcomeFor(teamId: number, match: MatchSummary): Outcome | null {
  if (!match.score) return null;
  const [own, other] = match.home.id === teamId ? [match.score.home, match.score.away] : [match.score.away, match.score.home];
  return own > other ? 'W' : own < other ? 'L' : 'D';
}

function recordOf(teamId: number, finished: MatchSummary[]): TeamProfile['record'] {
  const record = { played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0 };
  for (const match of finished) {
    if (!match.score) continue;
    const home = match.home.id === teamId;
    record.played += 1;
    record.goalsFor += home ? match.score.home : match.score.away;
    record.goalsAgainst += home ? match.score.away : match.score.home;
    const outcome = outcomeFor(teamId, match);
    if (outcome === 'W') record.won += 1;
    else if (outcome === 'D') record.drawn += 1;
    else record.lost += 1;
  }
  return record;
}

const positionOrder = { GK: 0, DF: 1, MF: 2, FW: 3 } as const;

async function squadOf(db: Db, teamId: number, begun: Set<number>): Promise<TeamProfile['squad']> {
  const [roster, lineups, events] = await Promise.all([
    db.select().from(players).where(eq(players.teamId, teamId)),
    db
      .select({ matchId: matchLineups.matchId, playerId: matchLineups.playerId, starter: matchLineups.starter })
      .from(matchLineups)
      .where(eq(matchLineups.teamId, teamId)),
    db
      .select({ matchId: matchEvents.matchId, kind: matchEvents.kind, playerId: matchEvents.playerId })
      .from(matchEvents)
      .innerJoin(players, eq(players.id, matchEvents.playerId))
      // Shoot-out kicks (period 5) are not goals; an own goal counts for the other side, not for its scorer.
      .where(and(eq(players.teamId, teamId), inArray(matchEvents.kind, ['goal', 'penalty_goal', 'yellow', 'second_yellow', 'red', 'substitution']), lt(matchEvents.period, 5))),
  ]);
  const stats = new Map(roster.map((player) => [player.id, { appearances: new Set<number>(), starts: 0, goals: 0, yellowCards: 0, redCards: 0 }]));
  for (const row of lineups) {
    const entry = row.playerId === null ? undefined : stats.get(row.playerId);
    // A line-up is announced an hour before kick-off: only matches that have begun count.
    if (!entry || !row.starter || !begun.has(row.matchId)) continue;
    entry.starts += 1;
    entry.appearances.add(row.matchId);
  }
  for (const event of events) {
    const entry = event.playerId === null ? undefined : stats.get(event.playerId);
    if (!entry) continue;
    if (event.kind === 'goal' || event.kind === 'penalty_goal') entry.goals += 1;
    else if (event.kind === 'yellow') entry.yellowCards += 1;
    // A second yellow is a sending-off; the first yellow was counted when it was shown.
    else if (event.kind === 'second_yellow' || event.kind === 'red') entry.redCards += 1;
    // The player named in a substitution is the one coming on.
    else if (event.kind === 'substitution') entry.appearances.add(event.matchId);
  }
  return roster
    .map((player) => {
      const entry = stats.get(player.id)!;
      return {
        id: player.id,
        name: player.name,
        shirtNumber: player.shirtNumber,
        position: player.position,
        appearances: entry.appearances.size,
        starts: entry.starts,
        goals: entry.goals,
        yellowCards: entry.yellowCards,
        redCards: entry.redCards,
      };
    })
    .sort(
      (a, b) =>
        (a.position ? positionOrder[a.position] : 4) - (b.position ? positionOrder[b.position] : 4) ||
        (a.shirtNumber ?? 100) - (b.shirtNumber ?? 100) ||
        a.name.localeCompare(b.name),
    );
}

/** Everything /teamInfo?id= shows for one team, or null when there is no such team. */
export async function getTeamProfile(db: Db, teamId: number, locale: Locale): Promise<TeamProfile | null> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) return null;
  const t = translatorFor(locale);
  const [memberships, tableRows, teamMatches] = await Promise.all([
    db
      .select({ competition: competitions, groupName: competitionTeams.groupName })
      .from(competitionTeams)
      .innerJoin(competitions, eq(competitions.id, competitionTeams.competitionId))
      .where(eq(competitionTeams.teamId, teamId))
      .orderBy(asc(competitions.sortOrder), asc(competitions.id)),
    db.select().from(standings).where(eq(standings.teamId, teamId)),
    listMatches(db, { locale, teamId, limit: 500 }),
  ]);
  // A knock-out match whose place is still undecided stays off the page: listing it would tell who goes through.
  const matches = teamMatches.filter((match) => match.home.id === teamId || match.away.id === teamId);
  const finished = matches.filter((match) => match.status === 'finished');
  const squad = await squadOf(db, teamId, new Set(matches.filter((match) => match.status !== 'upcoming').map((match) => match.id)));
  return {
    team: { ...teamRef(team, locale), id: team.id, kind: team.kind },
    competitions: memberships.map(({ competition, groupName }) => {
      const standing = tableRows.find((row) => row.competitionId === competition.id && row.groupName === (groupName ?? ''));
      return {
        competition: competitionRef(competition, locale),
        groupLabel: groupName ? t('matches.group', { group: groupName }) : null,
        standing: standing ? standingView(standing, team, locale) : null,
      };
    }),
    record: recordOf(teamId, finished),
    form: finished.slice(-formLength).flatMap((match) => outcomeFor(teamId, match) ?? []),
    live: matches.filter((match) => match.status === 'live'),
    upcoming: matches.filter((match) => match.status === 'upcoming').slice(0, shownUpcoming),
    results: finished.slice(-shownResults).reverse(),
    squad,
  };
}

/** Every team, under each competition it plays in; a cup's teams by group, a league's by name. */
export async function listTeamDirectory(db: Db, locale: Locale): Promise<TeamDirectory> {
  const t = translatorFor(locale);
  const rows = await db
    .select({ competition: competitions, team: teams, groupName: competitionTeams.groupName })
    .from(competitionTeams)
    .innerJoin(competitions, eq(competitions.id, competitionTeams.competitionId))
    .innerJoin(teams, eq(teams.id, competitionTeams.teamId))
    .orderBy(asc(competitions.sortOrder), asc(competitions.id), asc(competitionTeams.groupName));
  const directory: TeamDirectory = [];
  for (const { competition, team, groupName } of rows) {
    let entry = directory.find((candidate) => candidate.competition.id === competition.id);
    if (!entry) {
      entry = { competition: competitionRef(competition, locale), sections: [] };
      directory.push(entry);
    }
    const label = groupName ? t('matches.group', { group: groupName }) : null;
    let section = entry.sections.find((candidate) => candidate.label === label);
    if (!section) {
      section = { label, teams: [] };
      entry.sections.push(section);
    }
    section.teams.push(teamRef(team, locale));
  }
  const collator = new Intl.Collator(locale);
  for (const entry of directory) for (const section of entry.sections) section.teams.sort((a, b) => collator.compare(a.name, b.name));
  return directory;
}

/** Every team page, for sitemap.xml. */
export async function listTeamPathsForSitemap(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ id: competitionTeams.teamId }).from(competitionTeams).orderBy(asc(competitionTeams.teamId));
  return rows.map((row) => teamInfoPath(row.id));
}
