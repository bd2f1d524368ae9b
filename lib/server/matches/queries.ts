import 'server-only';
// Read side of the match data for pages and APIs: matches by day, sport, competition and status;
// a match's detail with line-ups, events, commentary and statistics; cup groups, tables and bracket;
// competitions and matches for the start-live dialog; keyword search over teams and matches.
// Everything comes back localized for one locale and ready to render.
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/db';
import {
  competitions,
  matchEvents,
  matchLineups,
  matches,
  standings,
  teams,
  venues,
  type Competition,
  type Match,
  type MatchStatus,
  type StandingRow,
  type Team,
  type Venue,
} from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import type { ScoreLiveMessage } from '@/lib/realtime/match-messages';
import type { CompetitionRef, CupOverview, MatchDetail, MatchSummary, StandingView, TeamRef } from '@/lib/validation/matches';
import type { MatchScore } from '@/lib/validation/match-live';
import { matchDetailPath } from '@/lib/routes';
import { translatorFor } from '@/lib/server/matches/translator';
import { commentaryLines } from './commentary';
import { nationFlagUrl } from './nation-flags';
import { buildTeamLineup, computeMatchStats, toLiveEvent, type EventFacts } from './live-derive';
import { lineupLeadMinutes } from './timeline';

const homeTeams = alias(teams, 'home_team');
const awayTeams = alias(teams, 'away_team');

type SummaryRow = { match: Match; competition: Competition; home: Team; away: Team; venue: Venue | null };

function summaryQuery(db: Db) {
  return db
    .select({ match: matches, competition: competitions, home: homeTeams, away: awayTeams, venue: venues })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .innerJoin(homeTeams, eq(homeTeams.id, matches.homeTeamId))
    .innerJoin(awayTeams, eq(awayTeams.id, matches.awayTeamId))
    .leftJoin(venues, eq(venues.id, matches.venueId));
}

export function teamRef(team: Team, locale: Locale): TeamRef {
  return {
    id: team.id,
    name: pickText(team.name, locale),
    shortName: pickText(team.shortName, locale),
    code: team.code,
    primaryColor: team.primaryColor,
    secondaryColor: team.secondaryColor,
    flag: nationFlagUrl(team),
  };
}

export function competitionRef(competition: Competition, locale: Locale): CompetitionRef {
  return {
    id: competition.id,
    code: competition.code,
    name: pickText(competition.name, locale),
    shortName: pickText(competition.shortName, locale),
    sportId: competition.sportId,
    kind: competition.kind,
  };
}

/** Which knock-out places are decided: a group place once the group is played out, a winner once that match is over. */
type SlotResolver = (slot: string | null) => boolean;

async function slotResolver(db: Db, rows: SummaryRow[]): Promise<SlotResolver> {
  const cupIds = [...new Set(rows.filter((row) => row.match.homeSlot || row.match.awaySlot).map((row) => row.match.competitionId))];
  if (cupIds.length === 0) return () => true;
  const states = await db
    .select({ id: matches.id, status: matches.status, groupName: matches.groupName, competitionId: matches.competitionId })
    .from(matches)
    .where(inArray(matches.competitionId, cupIds));
  const finished = new Set(states.filter((state) => state.status === 'finished').map((state) => state.id));
  const openGroups = new Set(states.filter((state) => state.groupName && state.status !== 'finished').map((state) => state.groupName));
  return (slot) => {
    if (!slot) return true;
    const [kind, a] = slot.split(':');
    if (kind === 'group') return !openGroups.has(a);
    return finished.has(Number(a));
  };
}

function slotLabel(slot: string, locale: Locale, numberOf: (matchId: number) => number): string {
  const t = translatorFor(locale);
  const [kind, a, b] = slot.split(':');
  if (kind === 'group') {
    if (b === '1') return t('matches.slot.groupWinner', { group: a });
    if (b === '2') return t('matches.slot.groupRunnerUp', { group: a });
    return t('matches.slot.groupPlace', { group: a, position: b });
  }
  return t(kind === 'winner' ? 'matches.slot.winner' : 'matches.slot.loser', { number: numberOf(Number(a)) });
}

function clockLabel(match: Match, locale: Locale): string {
  const t = translatorFor(locale);
  if (match.status === 'upcoming') return '';
  if (match.status === 'finished') {
    if (match.pensHome !== null) return t('matches.clock.penalties');
    if (match.etHome !== null) return t('matches.clock.afterExtraTime');
    return t('matches.clock.fullTime');
  }
  if (match.phase === 'half_time') return t('matches.clock.halfTime');
  if (match.phase === 'penalties') return t('matches.clock.penalties');
  if (match.phase === 'before_extra_time' || match.phase === 'extra_time_half_time' || match.phase === 'before_penalties') return t('matches.clock.break');
  if (match.minute === null) return '';
  return match.stoppage > 0 ? `${match.minute}+${match.stoppage}'` : `${match.minute}'`;
}

function roundLabel(match: Match, locale: Locale): string {
  const t = translatorFor(locale);
  if (match.stage === 'group' && match.groupName) return t('matches.round.group', { group: match.groupName, matchday: match.matchday ?? 1 });
  if (match.stage === 'league') return t('matches.round.league', { matchday: match.matchday ?? 0 });
  return t(`matches.stage.${match.stage}`);
}

const scorePair = (home: number | null, away: number | null) => (home === null || away === null ? null : { home, away });

function summarise(row: SummaryRow, locale: Locale, decided: SlotResolver, numberOf: (matchId: number) => number): MatchSummary {
  const { match, competition } = row;
  const t = translatorFor(locale);
  const side = (team: Team, slot: string | null): TeamRef =>
    decided(slot) || !slot
      ? teamRef(team, locale)
      : { id: null, name: slotLabel(slot, locale, numberOf), shortName: slotLabel(slot, locale, numberOf), code: null, primaryColor: null, secondaryColor: null, flag: null };
  return {
    id: match.id,
    sportId: competition.sportId,
    path: matchDetailPath(match.id, competition.sportId),
    competition: competitionRef(competition, locale),
    matchNumber: match.matchNumber,
    stage: match.stage,
    stageLabel: t(`matches.stage.${match.stage}`),
    groupName: match.groupName,
    matchday: match.matchday,
    roundLabel: roundLabel(match, locale),
    kickoffAt: match.kickoffAt.toISOString(),
    status: match.status,
    statusLabel: t(`matches.status.${match.status}`),
    phase: match.phase,
    minute: match.minute,
    stoppage: match.stoppage,
    clock: clockLabel(match, locale),
    home: side(row.home, match.homeSlot),
    away: side(row.away, match.awaySlot),
    score: scorePair(match.homeScore, match.awayScore),
    penalties: scorePair(match.pensHome, match.pensAway),
    venue: row.venue ? { name: pickText(row.venue.name, locale), city: pickText(row.venue.city, locale) } : null,
  };
}

async function summariseAll(db: Db, rows: SummaryRow[], locale: Locale): Promise<MatchSummary[]> {
  const decided = await slotResolver(db, rows);
  // Slots name matches by number: imported ids are competition × 1000 + number.
  const numbers = new Map(rows.map((row) => [row.match.id, row.match.matchNumber]));
  const numberOf = (matchId: number) => numbers.get(matchId) ?? matchId % 1000;
  return rows.map((row) => summarise(row, locale, decided, numberOf));
}

/**
 * "Argentina v France", or "Winner of match 61 v Winner of match 62" while those places are undecided: what a list
 * beside the schedule (a booker's list, the notice that a booked match starts) may call these matches without telling
 * who goes through.
 */
export async function matchTitles(db: Db, matchIds: number[], locale: Locale): Promise<Map<number, string>> {
  if (matchIds.length === 0) return new Map();
  const summaries = await summariseAll(db, await summaryQuery(db).where(inArray(matches.id, matchIds)), locale);
  return new Map(summaries.map((summary) => [summary.id, `${summary.home.name} v ${summary.away.name}`]));
}

/** Start and end (exclusive) of a calendar day in a time zone, e.g. ('2022-12-18', 'Asia/Shanghai'). */
export function dayBounds(day: string, timeZone: string): { start: Date; end: Date } {
  const [year, month, date] = day.split('-').map(Number);
  const offsetAt = (instant: Date) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(instant);
    const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
    const asUtc = Date.UTC(value('year'), value('month') - 1, value('day'), value('hour'), value('minute'), value('second'));
    return asUtc - instant.getTime();
  };
  const localMidnight = (y: number, m: number, d: number) => {
    const guess = new Date(Date.UTC(y, m - 1, d));
    return new Date(guess.getTime() - offsetAt(new Date(guess.getTime() - offsetAt(guess))));
  };
  return { start: localMidnight(year, month, date), end: localMidnight(year, month, date + 1) };
}

export type MatchListQuery = {
  locale: Locale;
  /** A calendar day ('YYYY-MM-DD') in `timeZone` (default UTC). */
  day?: string;
  timeZone?: string;
  from?: Date;
  to?: Date;
  sportId?: number;
  competitionId?: number;
  status?: MatchStatus | MatchStatus[];
  teamId?: number;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
};

export async function listMatches(db: Db, query: MatchListQuery): Promise<MatchSummary[]> {
  const conditions: (SQL | undefined)[] = [];
  if (query.day) {
    const { start, end } = dayBounds(query.day, query.timeZone ?? 'UTC');
    conditions.push(gte(matches.kickoffAt, start), lt(matches.kickoffAt, end));
  }
  if (query.from) conditions.push(gte(matches.kickoffAt, query.from));
  if (query.to) conditions.push(lt(matches.kickoffAt, query.to));
  if (query.sportId !== undefined) conditions.push(eq(competitions.sportId, query.sportId));
  if (query.competitionId !== undefined) conditions.push(eq(matches.competitionId, query.competitionId));
  if (query.status) conditions.push(inArray(matches.status, Array.isArray(query.status) ? query.status : [query.status]));
  if (query.teamId !== undefined) conditions.push(or(eq(matches.homeTeamId, query.teamId), eq(matches.awayTeamId, query.teamId)));
  const rows = await summaryQuery(db)
    .where(and(...conditions))
    .orderBy(query.order === 'desc' ? desc(matches.kickoffAt) : asc(matches.kickoffAt), asc(matches.id))
    .limit(Math.min(query.limit ?? 100, 500))
    .offset(query.offset ?? 0);
  return summariseAll(db, rows, query.locale);
}

/** Live matches, then the next ones to kick off: the home page's "live now" and "coming up". */
export async function listLiveAndUpcoming(db: Db, locale: Locale, options: { limit?: number; sportId?: number } = {}): Promise<{ live: MatchSummary[]; upcoming: MatchSummary[] }> {
  const [live, upcoming] = await Promise.all([
    listMatches(db, { locale, status: 'live', sportId: options.sportId, limit: options.limit ?? 20 }),
    listMatches(db, { locale, status: 'upcoming', sportId: options.sportId, limit: options.limit ?? 20 }),
  ]);
  return { live, upcoming };
}

const pairOf = (home: number | null, away: number | null): [number, number] | null => (home === null || away === null ? null : [home, away]);

/** Where these matches stand, in the feed's scoreLive shape: the first frame of the lists' live stream. */
export async function getScoreboard(db: Db, matchIds: number[]): Promise<ScoreLiveMessage[]> {
  if (matchIds.length === 0) return [];
  const rows = await db.select().from(matches).where(inArray(matches.id, matchIds)).orderBy(asc(matches.id));
  return rows.map((match) => ({
    type: 'scoreLive',
    match_id: match.id,
    status: match.status,
    phase: match.phase,
    minute: match.minute,
    stoppage: match.stoppage,
    home_score: match.homeScore,
    away_score: match.awayScore,
    ht: pairOf(match.htHome, match.htAway),
    et: pairOf(match.etHome, match.etAway),
    pens: pairOf(match.pensHome, match.pensAway),
  }));
}

/** Where these matches stand, as a spoiler-free page shows the ones its visitor revealed (lib/spoilers.ts). */
export async function getMatchScores(db: Db, matchIds: number[]): Promise<MatchScore[]> {
  const board = await getScoreboard(db, matchIds);
  return board.map((match) => ({
    match_id: match.match_id,
    status: match.status,
    score: match.status === 'upcoming' || match.home_score === null || match.away_score === null ? null : { home: match.home_score, away: match.away_score },
    penalties: match.pens ? { home: match.pens[0], away: match.pens[1] } : null,
  }));
}

/** Days that have matches, with how many, in a time zone: the schedule's date strip. */
export async function listMatchDays(
  db: Db,
  query: { timeZone?: string; sportId?: number; competitionId?: number; from?: Date; to?: Date },
): Promise<{ day: string; matches: number; live: number }[]> {
  const timeZone = query.timeZone ?? 'UTC';
  const day = sql<string>`to_char(${matches.kickoffAt} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, matches: sql<number>`count(*)::int`, live: sql<number>`(count(*) filter (where ${matches.status} = 'live'))::int` })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .where(
      and(
        query.sportId !== undefined ? eq(competitions.sportId, query.sportId) : undefined,
        query.competitionId !== undefined ? eq(matches.competitionId, query.competitionId) : undefined,
        query.from ? gte(matches.kickoffAt, query.from) : undefined,
        query.to ? lt(matches.kickoffAt, query.to) : undefined,
      ),
    )
    // By position: the time zone is a parameter, so the expression cannot be repeated in GROUP BY.
    .groupBy(sql`1`)
    .orderBy(sql`1`);
  return rows;
}

export async function getMatchDetail(db: Db, matchId: number, locale: Locale, now = new Date()): Promise<MatchDetail | null> {
  const [row] = await summaryQuery(db).where(eq(matches.id, matchId)).limit(1);
  if (!row) return null;
  const [summary] = await summariseAll(db, [row], locale);
  const { match } = row;
  const [eventRows, lineupRows] = await Promise.all([
    db.select().from(matchEvents).where(eq(matchEvents.matchId, match.id)).orderBy(asc(matchEvents.seq)),
    db.select().from(matchLineups).where(eq(matchLineups.matchId, match.id)).orderBy(asc(matchLineups.side), asc(matchLineups.slot)),
  ]);
  const facts: EventFacts[] = eventRows;
  const lines = commentaryLines(facts, { home: row.home.name, away: row.away.name }, {
    finished: match.status === 'finished',
    extraTime: facts.some((event) => event.period === 3),
  });
  const teamsDecided = summary.home.id !== null && summary.away.id !== null;
  const announced = match.status !== 'upcoming' || match.kickoffAt.getTime() - lineupLeadMinutes * 60_000 <= now.getTime();
  const lineups =
    teamsDecided && announced && lineupRows.length > 0
      ? {
          home: buildTeamLineup(lineupRows.filter((lineup) => lineup.side === 'home'), 'home', facts, match.homeTeamId),
          away: buildTeamLineup(lineupRows.filter((lineup) => lineup.side === 'away'), 'away', facts, match.awayTeamId),
        }
      : null;
  return {
    ...summary,
    attendance: match.attendance,
    referees: match.referees,
    halfTime: scorePair(match.htHome, match.htAway),
    fullTime: scorePair(match.ftHome, match.ftAway),
    extraTime: scorePair(match.etHome, match.etAway),
    venueDetail: row.venue
      ? {
          name: pickText(row.venue.name, locale),
          city: pickText(row.venue.city, locale),
          country: pickText(row.venue.country, locale),
          capacity: row.venue.capacity,
        }
      : null,
    keyEvents: facts.filter((event) => event.kind !== 'period_start' && event.kind !== 'period_end').map(toLiveEvent),
    commentary: lines.map(({ event, text }, index) => ({ event: toLiveEvent(event), text: eventRows[index].text?.[locale] ?? pickText(text, locale) })),
    stats: computeMatchStats(facts, { home: match.homeScore, away: match.awayScore }, match.providerStats),
    lineups,
    updatedAt: match.updatedAt.toISOString(),
  };
}

async function standingViews(db: Db, competitionId: number, locale: Locale): Promise<Map<string, StandingView[]>> {
  const rows = await db
    .select({ standing: standings, team: teams })
    .from(standings)
    .innerJoin(teams, eq(teams.id, standings.teamId))
    .where(eq(standings.competitionId, competitionId))
    .orderBy(asc(standings.groupName), asc(standings.position));
  const groups = new Map<string, StandingView[]>();
  for (const { standing, team } of rows) {
    const list = groups.get(standing.groupName) ?? [];
    list.push(standingView(standing, team, locale));
    groups.set(standing.groupName, list);
  }
  return groups;
}

export function standingView(standing: StandingRow, team: Team, locale: Locale): StandingView {
  return {
    position: standing.position,
    team: teamRef(team, locale),
    played: standing.played,
    won: standing.won,
    drawn: standing.drawn,
    lost: standing.lost,
    goalsFor: standing.goalsFor,
    goalsAgainst: standing.goalsAgainst,
    goalDifference: standing.goalsFor - standing.goalsAgainst,
    points: standing.points,
  };
}

/** Everything the World Cup page shows: groups with tables and matches, the bracket, all matches. */
export async function getCupOverview(db: Db, competitionId: number, locale: Locale): Promise<CupOverview | null> {
  const [competition] = await db.select().from(competitions).where(eq(competitions.id, competitionId));
  if (!competition) return null;
  const t = translatorFor(locale);
  const all = await listMatches(db, { locale, competitionId, limit: 500 });
  const tables = await standingViews(db, competitionId, locale);
  const groupNames = [...new Set(all.flatMap((match) => (match.groupName ? [match.groupName] : [])))].sort();
  const groups = groupNames.map((name) => ({
    name,
    label: t('matches.group', { group: name }),
    standings: tables.get(name) ?? [],
    matches: all.filter((match) => match.groupName === name),
  }));

  const rows = await db
    .select({ id: matches.id, stage: matches.stage, homeSlot: matches.homeSlot, awaySlot: matches.awaySlot })
    .from(matches)
    .where(eq(matches.competitionId, competitionId));
  const byId = new Map(all.map((match) => [match.id, match]));
  const feeders = (id: number) => {
    const row = rows.find((candidate) => candidate.id === id);
    return [row?.homeSlot, row?.awaySlot].flatMap((slot) => (slot?.startsWith('winner:') ? [Number(slot.slice(7))] : []));
  };
  const final = rows.find((row) => row.stage === 'final');
  const bracket: CupOverview['bracket'] = [];
  let round = final ? [final.id] : [];
  while (round.length > 0) {
    const stage = rows.find((row) => row.id === round[0])!.stage;
    bracket.unshift({ stage, label: t(`matches.stage.${stage}`), matches: round.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])) });
    round = round.flatMap(feeders);
  }
  const thirdPlaceRow = rows.find((row) => row.stage === 'third_place');
  return {
    competition: competitionRef(competition, locale),
    groups,
    bracket,
    thirdPlace: thirdPlaceRow ? (byId.get(thirdPlaceRow.id) ?? null) : null,
    matches: all,
  };
}

export async function listCompetitions(db: Db, locale: Locale, options: { sportId?: number; withOpenMatchesOnly?: boolean } = {}): Promise<(CompetitionRef & { openMatches: number })[]> {
  const [rows, open] = await Promise.all([
    db
      .select()
      .from(competitions)
      .where(options.sportId !== undefined ? eq(competitions.sportId, options.sportId) : undefined)
      .orderBy(asc(competitions.sortOrder), asc(competitions.id)),
    db
      .select({ competitionId: matches.competitionId, count: sql<number>`count(*)::int` })
      .from(matches)
      .where(ne(matches.status, 'finished'))
      .groupBy(matches.competitionId),
  ]);
  const openMatches = new Map(open.map((row) => [row.competitionId, row.count]));
  return rows
    .map((competition) => ({ ...competitionRef(competition, locale), openMatches: openMatches.get(competition.id) ?? 0 }))
    .filter((competition) => !options.withOpenMatchesOnly || competition.openMatches > 0);
}

/** A competition by what a client sends as `comp`: its id, its code, or its name in either language. */
export async function findCompetition(db: Db, comp: string | number, sportId?: number): Promise<Competition | undefined> {
  const rows = await db
    .select()
    .from(competitions)
    .where(sportId !== undefined ? eq(competitions.sportId, sportId) : undefined);
  const wanted = String(comp).trim().toLowerCase();
  return rows.find(
    (row) =>
      String(row.id) === wanted ||
      row.code === wanted ||
      Object.values(row.name).some((name) => name?.toLowerCase() === wanted) ||
      Object.values(row.shortName).some((name) => name?.toLowerCase() === wanted),
  );
}

function escapeLike(keyword: string): string {
  return keyword.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Teams whose name (either language), short name or code contains the keyword, and their matches. */
export async function searchTeamsAndMatches(
  db: Db,
  keyword: string,
  locale: Locale,
  options: { teamLimit?: number; matchLimit?: number } = {},
): Promise<{ teams: TeamRef[]; matches: MatchSummary[] }> {
  const trimmed = keyword.trim();
  if (!trimmed) return { teams: [], matches: [] };
  const pattern = `%${escapeLike(trimmed)}%`;
  const found = await db
    .select()
    .from(teams)
    .where(
      or(
        ilike(sql`${teams.name}->>'en-US'`, pattern),
        ilike(sql`${teams.name}->>'zh-CN'`, pattern),
        ilike(sql`${teams.shortName}->>'en-US'`, pattern),
        ilike(sql`${teams.shortName}->>'zh-CN'`, pattern),
        ilike(teams.code, pattern),
      ),
    )
    .orderBy(asc(teams.slug))
    .limit(options.teamLimit ?? 20);
  if (found.length === 0) return { teams: [], matches: [] };
  const ids = found.map((team) => team.id);
  // Live first, then the soonest upcoming, then the latest results.
  const rows = await summaryQuery(db)
    .where(or(inArray(matches.homeTeamId, ids), inArray(matches.awayTeamId, ids)))
    .orderBy(
      sql`case ${matches.status} when 'live' then 0 when 'upcoming' then 1 else 2 end`,
      sql`case when ${matches.status} = 'upcoming' then ${matches.kickoffAt} end asc`,
      desc(matches.kickoffAt),
    )
    .limit(options.matchLimit ?? 20);
  return { teams: found.map((team) => teamRef(team, locale)), matches: await summariseAll(db, rows, locale) };
}

/** Every match page, for sitemap.xml. */
export async function listMatchesForSitemap(db: Db): Promise<{ id: number; path: string; updatedAt: string }[]> {
  const rows = await db
    .select({ id: matches.id, sportId: competitions.sportId, updatedAt: matches.updatedAt })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .orderBy(asc(matches.id));
  return rows.map((row) => ({ id: row.id, path: matchDetailPath(row.id, row.sportId), updatedAt: row.updatedAt.toISOString() }));
}
