// The openfootball import on the project's copy of the real files, into a database of its own
// (no demo replay moving the World Cup): what a visitor would see on match pages and tables.
import os from 'node:os';
import { and, asc, eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '@/lib/db/client';
import { matchEvents, matchLineups, matches, players, standings, teams, venues } from '@/lib/db/schema';
import { importOpenfootball, type ImportReport } from '@/lib/server/matches/import/import';

let handle: DatabaseHandle;
let db: Db;
let report: ImportReport;

const finalId = 1064;

// Importing the real data takes seconds, many more on a loaded CI machine: hence the long hook time-out.
beforeAll(async () => {
  // A database of this file's own, unseeded: an in-memory PGlite.
  handle = await openDatabase({ url: 'memory://', dataDir: os.tmpdir() });
  db = handle.db;
  report = await importOpenfootball(db);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

async function teamId(slug: string): Promise<number> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.slug, slug));
  return team.id;
}

async function finalEvents() {
  return db
    .select({ kind: matchEvents.kind, minute: matchEvents.minute, stoppage: matchEvents.stoppage, side: matchEvents.side, player: players.name })
    .from(matchEvents)
    .leftJoin(players, eq(players.id, matchEvents.playerId))
    .where(eq(matchEvents.matchId, finalId))
    .orderBy(asc(matchEvents.seq));
}

describe('openfootball import', () => {
  it('imports every match of both competitions with nothing left unmatched between the files', async () => {
    expect(report.problems).toEqual([]);
    const counts = await db
      .select({ competitionId: matches.competitionId, count: sql<number>`count(*)::int` })
      .from(matches)
      .groupBy(matches.competitionId)
      .orderBy(matches.competitionId);
    expect(counts).toEqual([
      { competitionId: 1, count: 64 },
      { competitionId: 2, count: 380 },
    ]);
    expect(await db.$count(teams)).toBe(52);
    expect(await db.$count(venues)).toBe(8);
    // 32 squads of 26, Iran's of 25.
    expect(await db.$count(players)).toBe(831);
  });

  it('has the final as it was: Argentina 3–3 France after extra time, 4–2 on penalties', async () => {
    const [final] = await db.select().from(matches).where(eq(matches.id, finalId));
    expect(final.homeTeamId).toBe(await teamId('argentina'));
    expect(final.awayTeamId).toBe(await teamId('france'));
    expect(final.stage).toBe('final');
    expect(final.status).toBe('finished');
    expect([final.htHome, final.htAway]).toEqual([2, 0]);
    expect([final.ftHome, final.ftAway]).toEqual([2, 2]);
    expect([final.homeScore, final.awayScore]).toEqual([3, 3]);
    expect([final.pensHome, final.pensAway]).toEqual([4, 2]);
    // Sun 18 Dec 2022 18:00 in Qatar (UTC+3).
    expect(final.kickoffAt.toISOString()).toBe('2022-12-18T15:00:00.000Z');
    expect(final.attendance).toBe(88966);
    expect(final.referees[0]).toEqual({ name: 'Szymon Marciniak', country: 'POL' });
    const [venue] = await db.select().from(venues).where(eq(venues.id, final.venueId!));
    expect(venue.name).toEqual({ 'en-US': 'Lusail Stadium', 'zh-CN': '卢赛尔体育场' });
  });

  it("records Messi's goals at 23' (penalty) and 108', and Mbappé's hat-trick at 80' (penalty), 81' and 118' (penalty)", async () => {
    const goals = (await finalEvents()).filter((event) => ['goal', 'penalty_goal', 'own_goal'].includes(event.kind));
    expect(goals.map((goal) => `${goal.player} ${goal.minute}' ${goal.kind}`)).toEqual([
      "Lionel Messi 23' penalty_goal",
      "Ángel Di María 36' goal",
      "Kylian Mbappé 80' penalty_goal",
      "Kylian Mbappé 81' goal",
      "Lionel Messi 108' goal",
      "Kylian Mbappé 118' penalty_goal",
    ]);
  });

  it('counts the cards, substitutions and shoot-out kicks of the final', async () => {
    const events = await finalEvents();
    const count = (kind: string, side: string) => events.filter((event) => event.kind === kind && event.side === side).length;
    expect([count('yellow', 'home'), count('yellow', 'away')]).toEqual([5, 3]);
    expect([count('substitution', 'home'), count('substitution', 'away')]).toEqual([6, 7]);
    const kicks = events.filter((event) => event.kind.startsWith('shootout_'));
    expect(kicks).toHaveLength(8);
    expect(kicks.filter((kick) => kick.kind === 'shootout_missed').map((kick) => kick.player)).toEqual(['Kingsley Coman', 'Aurelién Tchouaméni']);
    // Enzo Fernández's booking in first-half stoppage time: 45+7.
    expect(events.find((event) => event.kind === 'yellow' && event.player === 'Enzo Fernández')).toMatchObject({ minute: 45, stoppage: 7 });
  });

  it('keeps the line-ups with captains, shirt numbers and the bench from the squads', async () => {
    const rows = await db.select().from(matchLineups).where(eq(matchLineups.matchId, finalId)).orderBy(asc(matchLineups.side), asc(matchLineups.slot));
    const side = (name: 'home' | 'away') => rows.filter((row) => row.side === name);
    expect(side('home').filter((row) => row.starter)).toHaveLength(11);
    expect(side('away').filter((row) => row.starter)).toHaveLength(11);
    expect(side('home')).toHaveLength(26);
    expect(side('home').find((row) => row.captain)).toMatchObject({ playerName: 'Lionel Messi', shirtNumber: 10, starter: true });
    expect(side('away').find((row) => row.captain)).toMatchObject({ playerName: 'Hugo Lloris', shirtNumber: 1, line: 0 });
    expect(side('home').find((row) => row.playerName === 'Paulo Dybala')).toMatchObject({ starter: false, shirtNumber: 21 });
  });

  it('records red cards and second yellows, and reads "USA" as the United States', async () => {
    const walesIran = await db
      .select({ kind: matchEvents.kind, minute: matchEvents.minute, player: matchEvents.playerName })
      .from(matchEvents)
      .innerJoin(matches, eq(matches.id, matchEvents.matchId))
      .where(and(eq(matches.homeTeamId, await teamId('wales')), eq(matches.awayTeamId, await teamId('iran')), eq(matchEvents.kind, 'red')));
    expect(walesIran).toEqual([{ kind: 'red', minute: 86, player: 'Wayne Hennessey' }]);
    const secondYellows = await db.select({ player: matchEvents.playerName }).from(matchEvents).where(eq(matchEvents.kind, 'second_yellow'));
    expect(secondYellows.map((row) => row.player).sort()).toEqual(['Denzel Dumfries', 'Vincent Aboubakar', 'Walid Cheddira']);
    const usa = await teamId('united-states');
    expect(await db.$count(matches, sql`${matches.homeTeamId} = ${usa} or ${matches.awayTeamId} = ${usa}`)).toBe(4);
  });

  it('settles the files’ disagreements from the record: the venue of South Korea v Portugal, three half-time scores', async () => {
    const [koreaPortugal] = await db
      .select({ venue: venues.name })
      .from(matches)
      .innerJoin(venues, eq(venues.id, matches.venueId))
      .where(and(eq(matches.homeTeamId, await teamId('south-korea')), eq(matches.awayTeamId, await teamId('portugal'))));
    expect(koreaPortugal.venue['en-US']).toBe('Education City Stadium');
    const [japanSpain] = await db
      .select()
      .from(matches)
      .where(and(eq(matches.homeTeamId, await teamId('japan')), eq(matches.awayTeamId, await teamId('spain'))));
    // Morata scored in the 11th minute: 0–1 at the break, whatever worldcup.json says.
    expect([japanSpain.htHome, japanSpain.htAway]).toEqual([0, 1]);
    expect(report.corrections).toHaveLength(3);
  });

  it('imports the 2024/25 Premier League: 380 results in UTC, and Liverpool top of the computed table on 84 points', async () => {
    const [opener] = await db.select().from(matches).where(eq(matches.id, 2001));
    // Fri 16 Aug 2024 20:00 in England, British Summer Time.
    expect(opener.kickoffAt.toISOString()).toBe('2024-08-16T19:00:00.000Z');
    expect(opener.homeTeamId).toBe(await teamId('manchester-united'));
    const table = await db
      .select({ slug: teams.slug, points: standings.points, played: standings.played })
      .from(standings)
      .innerJoin(teams, eq(teams.id, standings.teamId))
      .where(eq(standings.competitionId, 2))
      .orderBy(asc(standings.position));
    expect(table).toHaveLength(20);
    expect(table[0]).toEqual({ slug: 'liverpool', points: 84, played: 38 });
    expect(table.slice(1, 4).map((row) => row.slug)).toEqual(['arsenal', 'manchester-city', 'chelsea']);
  });

  it('computes the World Cup group tables: Argentina win Group C despite losing to Saudi Arabia', async () => {
    const groupC = await db
      .select({ slug: teams.slug, points: standings.points })
      .from(standings)
      .innerJoin(teams, eq(teams.id, standings.teamId))
      .where(and(eq(standings.competitionId, 1), eq(standings.groupName, 'C')))
      .orderBy(asc(standings.position));
    expect(groupC).toEqual([
      { slug: 'argentina', points: 6 },
      { slug: 'poland', points: 4 },
      { slug: 'mexico', points: 4 },
      { slug: 'saudi-arabia', points: 3 },
    ]);
  });

  it('changes nothing when run again', async () => {
    const snapshot = async () => ({
      matches: await db.select().from(matches).orderBy(asc(matches.id)),
      events: await db.select().from(matchEvents).orderBy(asc(matchEvents.id)),
      lineups: await db.$count(matchLineups),
      players: await db.select().from(players).orderBy(asc(players.id)),
      standings: await db.select().from(standings).orderBy(asc(standings.competitionId), asc(standings.groupName), asc(standings.position)),
    });
    const before = await snapshot();
    const again = await importOpenfootball(db);
    expect(again.matchesAdded).toBe(0);
    expect(again.matchesKnown).toBe(444);
    expect(await snapshot()).toEqual(before);
  });
});
