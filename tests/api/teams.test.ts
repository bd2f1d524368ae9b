// The team pages' read side (/teamInfo) on the freshly seeded database: the demo replay is 30 minutes into
// Netherlands v Qatar (1–0, Gakpo 26'), after Senegal 0–2 Netherlands and Netherlands 1–1 Ecuador.
import { and, eq, or } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import type { Db } from '@/lib/db/client';
import { matchEvents, matches, players, teams } from '@/lib/db/schema';
import { getTeamProfile, listTeamDirectory, listTeamPathsForSitemap } from '@/lib/server/matches/teams';
import { sportsTeamJsonLd } from '@/lib/seo/json-ld';
import { getBrand, type Brand } from '@/lib/brand/registry';
import { teamDirectorySchema, teamProfileSchema } from '@/lib/validation/matches';
import { expectReplyShape } from '@/tests/support/reply-shape';

let db: Db;
let netherlands: number;

async function teamIdOf(code: string): Promise<number> {
  const [team] = await db.select({ id: teams.id }).from(teams).where(eq(teams.code, code));
  return team.id;
}

beforeAll(async () => {
  db = await getDb();
  netherlands = await teamIdOf('NED');
});

describe('a team’s page', () => {
  it('gives its standing, record, form, live match, results and squad as the matches so far say', async () => {
    const profile = await getTeamProfile(db, netherlands, 'en-US');
    expect(profile).not.toBeNull();
    expect(profile!.team).toMatchObject({ id: netherlands, name: 'Netherlands', code: 'NED', kind: 'national' });
    expect(profile!.competitions).toHaveLength(1);
    expect(profile!.competitions[0]).toMatchObject({ competition: { code: 'world-cup-2022' }, groupLabel: 'Group A', standing: { played: 2, won: 1, drawn: 1, lost: 0, goalsFor: 3, goalsAgainst: 1, points: 4 } });
    expect(profile!.record).toEqual({ played: 2, won: 1, drawn: 1, lost: 0, goalsFor: 3, goalsAgainst: 1 });
    expect(profile!.form).toEqual(['W', 'D']);
    expect(profile!.live.map((match) => match.id)).toEqual([1033]);
    // Latest first.
    expect(profile!.results.map((match) => `${match.home.code} ${match.score!.home}–${match.score!.away} ${match.away.code}`)).toEqual(['NED 1–1 ECU', 'SEN 0–2 NED']);
    const gakpo = profile!.squad.find((player) => player.name === 'Cody Gakpo');
    // Two goals in the finished matches and one in the live one, a starter in all three.
    expect(gakpo).toMatchObject({ goals: 3, appearances: 3, starts: 3 });
    // Goalkeepers first, then defenders, midfielders and forwards, each by shirt number.
    const order = { GK: 0, DF: 1, MF: 2, FW: 3 };
    const ranks = profile!.squad.map((player) => (player.position ? order[player.position] : 4));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expectReplyShape(teamProfileSchema, profile);
  });

  it('leaves out a knock-out match whose place is undecided: listing it would tell who goes through', async () => {
    const profile = await getTeamProfile(db, netherlands, 'en-US');
    // The data knows Netherlands play the United States in the round of 16; the group is not over.
    expect(profile!.upcoming).toEqual([]);
    const knockOut = await db
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.stage, 'round_of_16'), or(eq(matches.homeTeamId, netherlands), eq(matches.awayTeamId, netherlands))));
    expect(knockOut).toHaveLength(1);
  });

  it('speaks the reader’s language', async () => {
    const profile = await getTeamProfile(db, netherlands, 'zh-CN');
    expect(profile!.team.name).toBe('荷兰');
    expect(profile!.competitions[0].groupLabel).toBe('A组');
  });

  it('counts neither shoot-out kicks nor own goals as a player’s goals, and a second yellow as a sending-off', async () => {
    const [gakpo] = await db.select().from(players).where(eq(players.name, 'Cody Gakpo'));
    const base = { matchId: 1033, teamId: netherlands, playerId: gakpo.id, playerName: gakpo.name, side: 'home' as const, minute: 90 };
    await db.insert(matchEvents).values([
      { ...base, seq: 900, sourceKey: 'test:own-goal', kind: 'own_goal', period: 2, side: 'away' },
      { ...base, seq: 901, sourceKey: 'test:shoot-out', kind: 'shootout_scored', period: 5, minute: 120 },
      { ...base, seq: 902, sourceKey: 'test:yellow', kind: 'yellow', period: 2 },
      { ...base, seq: 903, sourceKey: 'test:second-yellow', kind: 'second_yellow', period: 2 },
    ]);
    const profile = await getTeamProfile(db, netherlands, 'en-US');
    expect(profile!.squad.find((player) => player.id === gakpo.id)).toMatchObject({ goals: 3, yellowCards: 1, redCards: 1 });
  });

  it('is null for a team that does not exist', async () => {
    expect(await getTeamProfile(db, 999_999, 'en-US')).toBeNull();
  });

  it('carries the team and its squad in its structured data', async () => {
    const profile = await getTeamProfile(db, netherlands, 'en-US');
    const data = sportsTeamJsonLd(getBrand('sportcast') as Brand, 'en-US', profile!, `/teamInfo?id=${netherlands}`);
    expect(data).toMatchObject({ '@type': 'SportsTeam', name: 'Netherlands', alternateName: 'NED', sport: 'Soccer', url: `http://localhost:3000/teamInfo?id=${netherlands}` });
    expect(data.athlete).toContainEqual({ '@type': 'Person', name: 'Cody Gakpo' });
  });
});

describe('the teams directory', () => {
  it('lists the World Cup’s teams by group and the league’s clubs by name, each once', async () => {
    const directory = await listTeamDirectory(db, 'en-US');
    expectReplyShape(teamDirectorySchema, directory);
    const worldCup = directory.find((entry) => entry.competition.code === 'world-cup-2022')!;
    expect(worldCup.sections.map((section) => section.label)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((group) => `Group ${group}`));
    expect(worldCup.sections.every((section) => section.teams.length === 4)).toBe(true);
    expect(worldCup.sections[0].teams.map((team) => team.name)).toEqual(['Ecuador', 'Netherlands', 'Qatar', 'Senegal']);
    const league = directory.find((entry) => entry.competition.kind === 'league')!;
    expect(league.sections).toHaveLength(1);
    expect(league.sections[0].label).toBeNull();
    expect(league.sections[0].teams).toHaveLength(20);
    const names = league.sections[0].teams.map((team) => team.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en-US')));
  });

  it('puts every team page in the sitemap', async () => {
    const paths = await listTeamPathsForSitemap(db);
    expect(paths).toHaveLength(52);
    expect(paths).toContain(`/teamInfo?id=${netherlands}`);
  });
});
