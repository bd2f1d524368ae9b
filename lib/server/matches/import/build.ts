// Combines the openfootball files into one import plan: the JSON gives rounds, groups and scores,
// Football.TXT the kick-off, venue, attendance, scorers, line-ups, cards, substitutions and referees,
// the squads file numbers and positions. Rows refer to teams by slug and players by name key;
// the importer turns those into ids. Disagreements between the files land in `problems`.
import type { LocalizedText } from '@/lib/i18n/locales';
import type { MatchStage, PlayerPosition, Referee, Side } from '@/lib/db/schema';
import type { RecordedEvent, ScorePair } from '@/lib/server/matches/timeline';
import { computeTable } from '@/lib/server/matches/standings';
import { premierLeagueCompetitionId, worldCupCompetitionId } from '@/lib/validation/matches';
import { parseFootballTxt, type TxtGoal, type TxtLineup, type TxtLineupEntry, type TxtMatch } from './football-txt';
import { parseSquadsTxt } from './squads-txt';
import { groupsFile, matchesFile, parseCoordinates, stadiumsFile, type JsonMatch } from './openfootball-json';
import { catalogueLookup, premierLeagueClubs, worldCupNations, type TeamCatalogueEntry } from './team-catalogue';
import { displayName, nameKey, restoreAccents } from './names';
import type { OpenfootballSources } from './sources';

/** Imported match ids: competition id × 1000 + number in kick-off order (World Cup final: 1064). */
const importedMatchId = (competitionId: number, matchNumber: number) => competitionId * 1000 + matchNumber;

export type PlayerRef = { teamSlug: string; nameKey: string };

type PlannedCompetition = {
  id: number;
  code: string;
  name: LocalizedText;
  shortName: LocalizedText;
  season: string;
  kind: 'cup' | 'league';
  sportId: number;
  categoryId: number;
  startsOn: string;
  endsOn: string;
  sortOrder: number;
};

type PlannedTeam = { entry: TeamCatalogueEntry; kind: 'national' | 'club'; competitionId: number; groupName: string | null };

type PlannedVenue = {
  slug: string;
  name: LocalizedText;
  city: LocalizedText;
  country: LocalizedText;
  capacity: number | null;
  latitude: number | null;
  longitude: number | null;
  utcOffset: string | null;
};

type PlannedPlayer = PlayerRef & { name: string; shirtNumber: number | null; position: PlayerPosition; birthDate: string | null };

type PlannedLineupRow = {
  side: Side;
  slot: number;
  player: PlayerRef | null;
  playerName: string;
  shirtNumber: number | null;
  position: PlayerPosition | null;
  starter: boolean;
  captain: boolean;
  line: number | null;
};

type PlannedEvent = Omit<RecordedEvent, 'teamId' | 'playerId' | 'relatedPlayerId'> & {
  teamSlug: string;
  player: PlayerRef | null;
  relatedPlayer: PlayerRef | null;
};

type PlannedKick = { side: Side; scored: boolean; teamSlug: string; player: PlayerRef | null; playerName: string };

export type PlannedMatch = {
  id: number;
  competitionId: number;
  matchNumber: number;
  stage: MatchStage;
  groupName: string | null;
  matchday: number | null;
  homeSlug: string;
  awaySlug: string;
  homeSlot: string | null;
  awaySlot: string | null;
  venueSlug: string | null;
  kickoffAt: Date;
  score: { ht: ScorePair | null; ft: ScorePair; et: ScorePair | null; pens: ScorePair | null };
  attendance: number | null;
  referees: Referee[];
  sourceRef: string;
  /** The full record (Football.TXT) when the source has one; the replayer can play these. */
  record: { events: PlannedEvent[]; shootout: PlannedKick[]; extraTime: boolean; lineups: PlannedLineupRow[] } | null;
};

export type ImportPlan = {
  competitions: PlannedCompetition[];
  teams: PlannedTeam[];
  venues: PlannedVenue[];
  players: PlannedPlayer[];
  matches: PlannedMatch[];
  problems: string[];
};

const worldCupStages: Record<string, MatchStage> = {
  'Round of 16': 'round_of_16',
  'Quarter-finals': 'quarter_final',
  'Semi-finals': 'semi_final',
  'Match for third place': 'third_place',
  Final: 'final',
};
const knockoutOrder: MatchStage[] = ['group', 'round_of_16', 'quarter_final', 'semi_final', 'third_place', 'final'];

/** Chinese names of the 2022 stadiums and their cities (the files have English only), by ground key. */
const qatarVenueNames: Record<string, { zh: string; cityZh: string }> = {
  albaytstadium: { zh: '海湾体育场', cityZh: '豪尔' },
  lusailstadium: { zh: '卢赛尔体育场', cityZh: '卢赛尔' },
  ahmadbinalistadium: { zh: '艾哈迈德·本·阿里体育场', cityZh: '赖扬' },
  educationcitystadium: { zh: '教育城体育场', cityZh: '赖扬' },
  khalifainternationalstadium: { zh: '哈里发国际体育场', cityZh: '赖扬' },
  althumamastadium: { zh: '阿图玛玛体育场', cityZh: '多哈' },
  stadium974: { zh: '974体育场', cityZh: '多哈' },
  aljanoubstadium: { zh: '贾努布体育场', cityZh: '沃克拉' },
};

const slugify = (value: string) => value.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** JSON times are local without an offset: Qatar is UTC+3 all year. */
function qatarTime(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour - 3, minute));
}

/** UK local time → UTC: British Summer Time runs from the last Sunday of March to the last Sunday of October, 01:00 UTC. */
function ukTime(date: string, time: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const lastSunday = (monthIndex: number) => {
    const last = new Date(Date.UTC(year, monthIndex + 1, 0));
    return new Date(Date.UTC(year, monthIndex, last.getUTCDate() - last.getUTCDay(), 1));
  };
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute));
  const summer = asUtc >= lastSunday(2) && asUtc < lastSunday(9);
  return new Date(asUtc.getTime() - (summer ? 3_600_000 : 0));
}

const winnerSide = (score: PlannedMatch['score']): Side => {
  const decisive = score.pens ?? score.et ?? score.ft;
  return decisive[0] > decisive[1] ? 'home' : 'away';
};

export function buildImportPlan(sources: OpenfootballSources): ImportPlan {
  const problems: string[] = [];
  const worldCup = buildWorldCup(sources, problems);
  const premierLeague = buildPremierLeague(sources);
  return {
    competitions: [worldCup.competition, premierLeague.competition],
    teams: [...worldCup.teams, ...premierLeague.teams],
    venues: worldCup.venues,
    players: worldCup.players,
    matches: [...worldCup.matches, ...premierLeague.matches],
    problems,
  };
}

function buildWorldCup(sources: OpenfootballSources, problems: string[]) {
  const json = matchesFile.parse(JSON.parse(sources.worldCupJson));
  const groups = groupsFile.parse(JSON.parse(sources.worldCupGroupsJson));
  const stadiums = stadiumsFile.parse(JSON.parse(sources.worldCupStadiumsJson));
  const txtMatches = parseFootballTxt(sources.worldCupTxt, 2022);
  const squads = parseSquadsTxt(sources.worldCupSquadsTxt);
  const team = catalogueLookup(worldCupNations);

  const competition: PlannedCompetition = {
    id: worldCupCompetitionId,
    code: 'world-cup-2022',
    name: { 'en-US': 'FIFA World Cup Qatar 2022', 'zh-CN': '2022年卡塔尔世界杯' },
    shortName: { 'en-US': 'World Cup 2022', 'zh-CN': '2022世界杯' },
    season: '2022',
    kind: 'cup',
    sportId: 2,
    categoryId: 201,
    startsOn: '2022-11-20',
    endsOn: '2022-12-18',
    sortOrder: 0,
  };

  const groupOf = new Map<string, string>();
  for (const group of groups.groups) for (const name of group.teams) groupOf.set(team(name).slug, group.name.slice(-1));
  const teams: PlannedTeam[] = worldCupNations.map((entry) => ({
    entry,
    kind: 'national',
    competitionId: competition.id,
    groupName: groupOf.get(entry.slug) ?? null,
  }));
  for (const entry of worldCupNations) if (!groupOf.has(entry.slug)) problems.push(`${entry.en} is in no group`);

  // Players: the squads, keyed per team by an order- and accent-insensitive name.
  const players = new Map<string, PlannedPlayer>();
  const playerKey = (ref: PlayerRef) => `${ref.teamSlug}|${ref.nameKey}`;
  for (const squad of squads) {
    const entry = team(squad.team);
    for (const player of squad.players) {
      const ref = { teamSlug: entry.slug, nameKey: nameKey(player.name) };
      players.set(playerKey(ref), {
        ...ref,
        name: displayName(player.name, { dutch: entry.slug === 'netherlands' }),
        shirtNumber: player.number,
        position: player.position,
        birthDate: player.birthDate,
      });
    }
  }
  const findPlayer = (teamSlug: string, name: string, context: string): PlayerRef | null => {
    const ref = { teamSlug, nameKey: nameKey(name) };
    if (players.has(playerKey(ref))) return ref;
    problems.push(`${context}: "${name}" is not in the ${teamSlug} squad`);
    return null;
  };

  // Venues: the stadium file has capacity and coordinates; the match files name the grounds differently.
  const groundKey = (name: string) => name.toLowerCase().replace(/iconic /, '').replace(/[^a-z0-9]/g, '');
  const venueByGround = new Map<string, PlannedVenue>();
  for (const stadium of stadiums.stadiums) {
    const coordinates = parseCoordinates(stadium.coords);
    const key = groundKey(stadium.name);
    const names = qatarVenueNames[key];
    if (!names) problems.push(`stadium "${stadium.name}" has no names in both languages`);
    const city = stadium.city.replace(/\s*\(\d+\)$/, '');
    venueByGround.set(key, {
      slug: slugify(stadium.name),
      name: { 'en-US': stadium.name.replace(/ bin /, ' Bin '), 'zh-CN': names?.zh ?? stadium.name },
      city: { 'en-US': city, 'zh-CN': names?.cityZh ?? city },
      country: { 'en-US': 'Qatar', 'zh-CN': '卡塔尔' },
      capacity: stadium.capacity,
      latitude: coordinates?.latitude ?? null,
      longitude: coordinates?.longitude ?? null,
      utcOffset: stadium.timezone,
    });
  }

  const jsonByKey = new Map<string, JsonMatch>();
  for (const match of json.matches) {
    jsonByKey.set(`${match.date}|${team(match.team1).slug}|${team(match.team2).slug}`, match);
  }

  const ordered = [...txtMatches].sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime());
  const paired = ordered.flatMap((txt) => {
    const home = team(txt.home);
    const away = team(txt.away);
    const localDate = new Date(txt.kickoffAt.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
    const context = `${localDate} ${home.en} v ${away.en}`;
    const source = jsonByKey.get(`${localDate}|${home.slug}|${away.slug}`);
    if (!source) {
      problems.push(`${context}: not in worldcup.json`);
      return [];
    }
    return [{ txt, source, home, away, localDate, context }];
  });

  // Scorers' names in the JSON keep their accents; the text files drop them. Restored before any
  // event copies a name.
  for (const { txt, source, home, away, context } of paired) {
    for (const [side, jsonGoals] of [
      ['home', source.goals1 ?? []],
      ['away', source.goals2 ?? []],
    ] as const) {
      const byClock = (goal: { minute: number; offset?: number; stoppage?: number }) => goal.minute * 100 + (goal.offset ?? goal.stoppage ?? 0);
      const sortedJson = [...jsonGoals].sort((a, b) => byClock(a) - byClock(b));
      const sortedTxt = [...txt.goals[side]].sort((a, b) => byClock(a) - byClock(b));
      sortedTxt.forEach((goal, goalIndex) => {
        const accented = sortedJson[goalIndex];
        if (!accented || byClock(accented) !== byClock(goal) || Boolean(accented.penalty) !== goal.penalty || Boolean(accented.owngoal) !== goal.ownGoal) {
          problems.push(`${context}: goal at ${goal.minute}' differs between the files`);
          return;
        }
        const scorerTeam = goal.ownGoal ? (side === 'home' ? away : home) : side === 'home' ? home : away;
        const ref = findPlayer(scorerTeam.slug, goal.name, context);
        const player = ref && players.get(playerKey(ref));
        if (player) player.name = restoreAccents(player.name, accented.name);
      });
    }
  }

  const planned: PlannedMatch[] = [];
  for (const [index, { txt, source, home, away, localDate, context }] of paired.entries()) {
    if (qatarTime(source.date, source.time).getTime() !== txt.kickoffAt.getTime()) {
      problems.push(`${context}: kick-off differs between the files`);
    }
    const stage: MatchStage = source.round.startsWith('Matchday') ? 'group' : worldCupStages[source.round];
    if (!stage) problems.push(`${context}: unknown round "${source.round}"`);

    const venue = venueByGround.get(groundKey(txt.venue));
    if (!venue) problems.push(`${context}: unknown ground "${txt.venue}"`);

    const record = txt.lineups ? buildRecord(txt, txt.lineups, { home, away }, findPlayer, players, playerKey, context) : null;
    if (!record) problems.push(`${context}: no line-ups`);

    planned.push({
      id: importedMatchId(competition.id, index + 1),
      competitionId: competition.id,
      matchNumber: index + 1,
      stage,
      groupName: stage === 'group' ? (source.group?.slice(-1) ?? null) : null,
      matchday: null,
      homeSlug: home.slug,
      awaySlug: away.slug,
      homeSlot: null,
      awaySlot: null,
      venueSlug: venue?.slug ?? null,
      kickoffAt: txt.kickoffAt,
      score: { ht: source.score.ht ?? null, ft: source.score.ft, et: source.score.et ?? null, pens: source.score.p ?? null },
      attendance: txt.attendance,
      referees: txt.referees.map((referee) => ({ ...referee, name: displayName(referee.name) })),
      sourceRef: `openfootball:world-cup-2022:${localDate}:${home.slug}-${away.slug}`,
      record,
    });
    const played = txt.score;
    const expected = source.score.et ?? source.score.ft;
    if (played[0] !== expected[0] || played[1] !== expected[1]) problems.push(`${context}: score differs between the files`);
  }
  if (planned.length !== json.matches.length) problems.push(`${json.matches.length - planned.length} JSON matches have no Football.TXT record`);

  assignGroupRounds(planned);
  assignKnockoutSlots(planned, problems);
  return { competition, teams, venues: [...venueByGround.values()], players: [...players.values()], matches: planned };
}

function buildRecord(
  txt: TxtMatch,
  lineups: { home: TxtLineup; away: TxtLineup },
  teams: { home: TeamCatalogueEntry; away: TeamCatalogueEntry },
  findPlayer: (teamSlug: string, name: string, context: string) => PlayerRef | null,
  players: Map<string, PlannedPlayer>,
  playerKey: (ref: PlayerRef) => string,
  context: string,
): NonNullable<PlannedMatch['record']> {
  const goals: PlannedEvent[] = [];
  const cards: PlannedEvent[] = [];
  const substitutions: PlannedEvent[] = [];
  const rows: PlannedLineupRow[] = [];

  const goalEvent = (side: Side, goal: TxtGoal): PlannedEvent => {
    const scorerTeam = goal.ownGoal ? teams[side === 'home' ? 'away' : 'home'] : teams[side];
    const player = findPlayer(scorerTeam.slug, goal.name, context);
    return {
      kind: goal.ownGoal ? 'own_goal' : goal.penalty ? 'penalty_goal' : 'goal',
      minute: goal.minute,
      stoppage: goal.stoppage,
      side,
      teamSlug: teams[side].slug,
      player,
      playerName: player ? players.get(playerKey(player))!.name : displayName(goal.name),
      relatedPlayer: null,
      relatedPlayerName: null,
    };
  };
  for (const side of ['home', 'away'] as const) for (const goal of txt.goals[side]) goals.push(goalEvent(side, goal));

  for (const side of ['home', 'away'] as const) {
    const teamSlug = teams[side].slug;
    const nameOf = (ref: PlayerRef | null, raw: string) => (ref ? players.get(playerKey(ref))!.name : displayName(raw));
    const follow = (entry: TxtLineupEntry) => {
      const ref = findPlayer(teamSlug, entry.name, context);
      for (const card of entry.cards) {
        cards.push({ kind: card.kind, minute: card.minute, stoppage: card.stoppage, side, teamSlug, player: ref, playerName: nameOf(ref, entry.name), relatedPlayer: null, relatedPlayerName: null });
      }
      if (entry.replacedBy) {
        const on = findPlayer(teamSlug, entry.replacedBy.entry.name, context);
        substitutions.push({
          kind: 'substitution',
          minute: entry.replacedBy.minute,
          stoppage: entry.replacedBy.stoppage,
          side,
          teamSlug,
          player: on,
          playerName: nameOf(on, entry.replacedBy.entry.name),
          relatedPlayer: ref,
          relatedPlayerName: nameOf(ref, entry.name),
        });
        follow(entry.replacedBy.entry);
      }
    };

    const starterKeys = new Set<string>();
    let slot = 0;
    lineups[side].lines.forEach((line, lineIndex) => {
      for (const entry of line) {
        const ref = findPlayer(teamSlug, entry.name, context);
        const squadPlayer = ref ? players.get(playerKey(ref)) : undefined;
        if (ref) starterKeys.add(playerKey(ref));
        rows.push({
          side,
          slot: slot++,
          player: ref,
          playerName: squadPlayer?.name ?? displayName(entry.name),
          shirtNumber: squadPlayer?.shirtNumber ?? null,
          position: squadPlayer?.position ?? null,
          starter: true,
          captain: entry.captain,
          line: lineIndex,
        });
        follow(entry);
      }
    });
    // 2022 match-day squads were the full 26: everyone not starting was on the bench.
    const bench = [...players.values()]
      .filter((player) => player.teamSlug === teamSlug && !starterKeys.has(playerKey(player)))
      .sort((a, b) => (a.shirtNumber ?? 99) - (b.shirtNumber ?? 99));
    for (const player of bench) {
      rows.push({
        side,
        slot: slot++,
        player: { teamSlug, nameKey: player.nameKey },
        playerName: player.name,
        shirtNumber: player.shirtNumber,
        position: player.position,
        starter: false,
        captain: false,
        line: null,
      });
    }
  }

  const shootout: PlannedKick[] = txt.shootout.map((kick) => {
    const teamSlug = teams[kick.side].slug;
    const player = findPlayer(teamSlug, kick.name, context);
    return { side: kick.side, scored: kick.scored, teamSlug, player, playerName: player ? players.get(playerKey(player))!.name : displayName(kick.name) };
  });

  return { events: [...goals, ...cards, ...substitutions], shootout, extraTime: txt.afterExtraTime, lineups: rows };
}

/** Group round 1–3: each group played its six matches two at a time. */
function assignGroupRounds(planned: PlannedMatch[]) {
  const byGroup = new Map<string, PlannedMatch[]>();
  for (const match of planned) if (match.groupName) byGroup.set(match.groupName, [...(byGroup.get(match.groupName) ?? []), match]);
  for (const groupMatches of byGroup.values()) {
    groupMatches.sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime()).forEach((match, index) => {
      match.matchday = Math.floor(index / 2) + 1;
    });
  }
}

/** Where each knock-out team came from: a group place for the round of 16, an earlier match after that. */
function assignKnockoutSlots(planned: PlannedMatch[], problems: string[]) {
  const groupPlaces = new Map<string, string>();
  const byGroup = new Map<string, PlannedMatch[]>();
  for (const match of planned) if (match.groupName) byGroup.set(match.groupName, [...(byGroup.get(match.groupName) ?? []), match]);
  const slugIds = new Map<string, number>();
  const idOf = (slug: string) => {
    if (!slugIds.has(slug)) slugIds.set(slug, slugIds.size + 1);
    return slugIds.get(slug)!;
  };
  for (const [group, groupMatches] of byGroup) {
    const results = groupMatches.map((match) => ({
      homeTeamId: idOf(match.homeSlug),
      awayTeamId: idOf(match.awaySlug),
      homeScore: match.score.ft[0],
      awayScore: match.score.ft[1],
    }));
    const teamIds = [...new Set(results.flatMap((result) => [result.homeTeamId, result.awayTeamId]))];
    const slugOf = (id: number) => [...slugIds.entries()].find(([, value]) => value === id)![0];
    for (const row of computeTable(teamIds, results, slugOf)) groupPlaces.set(slugOf(row.teamId), `group:${group}:${row.position}`);
  }

  for (const match of planned) {
    if (match.stage === 'group') continue;
    const stageIndex = knockoutOrder.indexOf(match.stage);
    const slotOf = (slug: string): string | null => {
      if (match.stage === 'round_of_16') return groupPlaces.get(slug) ?? null;
      const previousStage = match.stage === 'third_place' || match.stage === 'final' ? 'semi_final' : knockoutOrder[stageIndex - 1];
      const previous = planned.find((candidate) => candidate.stage === previousStage && (candidate.homeSlug === slug || candidate.awaySlug === slug));
      if (!previous) return null;
      const wonIt = (winnerSide(previous.score) === 'home' ? previous.homeSlug : previous.awaySlug) === slug;
      return `${wonIt ? 'winner' : 'loser'}:${previous.id}`;
    };
    match.homeSlot = slotOf(match.homeSlug);
    match.awaySlot = slotOf(match.awaySlug);
    if (!match.homeSlot || !match.awaySlot) problems.push(`match ${match.id}: cannot tell how its teams qualified`);
  }
}

function buildPremierLeague(sources: OpenfootballSources) {
  const json = matchesFile.parse(JSON.parse(sources.premierLeagueJson));
  const team = catalogueLookup(premierLeagueClubs);
  const ordered = json.matches
    .map((match) => ({ match, kickoffAt: ukTime(match.date, match.time), home: team(match.team1), away: team(match.team2) }))
    .sort((a, b) => a.kickoffAt.getTime() - b.kickoffAt.getTime() || a.home.en.localeCompare(b.home.en));
  const dates = ordered.map((item) => item.match.date);
  const competition: PlannedCompetition = {
    id: premierLeagueCompetitionId,
    code: 'premier-league-2024-25',
    name: { 'en-US': 'Premier League 2024/25', 'zh-CN': '2024/25赛季英格兰足球超级联赛' },
    shortName: { 'en-US': 'Premier League', 'zh-CN': '英超' },
    season: '2024/25',
    kind: 'league',
    sportId: 2,
    categoryId: 202,
    startsOn: dates[0],
    endsOn: dates[dates.length - 1],
    sortOrder: 1,
  };
  const teams: PlannedTeam[] = premierLeagueClubs.map((entry) => ({ entry, kind: 'club', competitionId: competition.id, groupName: null }));
  const matches: PlannedMatch[] = ordered.map(({ match, kickoffAt, home, away }, index) => ({
    id: importedMatchId(competition.id, index + 1),
    competitionId: competition.id,
    matchNumber: index + 1,
    stage: 'league',
    groupName: null,
    matchday: Number(/\d+/.exec(match.round)?.[0] ?? 0) || null,
    homeSlug: home.slug,
    awaySlug: away.slug,
    homeSlot: null,
    awaySlot: null,
    venueSlug: null,
    kickoffAt,
    score: { ht: match.score.ht ?? null, ft: match.score.ft, et: null, pens: null },
    attendance: null,
    referees: [],
    sourceRef: `openfootball:premier-league-2024-25:${match.date}:${home.slug}-${away.slug}`,
    record: null,
  }));
  return { competition, teams, matches };
}
