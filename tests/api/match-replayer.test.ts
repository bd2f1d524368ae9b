// The replayer plays the real 2022 final as if live, on an injected clock (no test sleeps):
// status transitions, events in order, score and statistics at given minutes, bus messages.
import os from 'node:os';
import { and, asc, eq, sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '@/lib/db/client';
import { matchEvents, matchReplayScripts, matches, standings, teams } from '@/lib/db/schema';
import { createMemoryBus } from '@/lib/realtime/bus/memory-bus';
import { matchChannel, type MatchLiveMessage, type ScoreLiveMessage, type StatsLiveMessage, type TextLiveMessage } from '@/lib/realtime/match-messages';
import { busPublisher } from '@/lib/server/matches/feed';
import { closeReplayGap, demoRealAnchor, setReplaySpeed, startDemoReplay } from '@/lib/server/matches/feed/demo-schedule';
import { createMatchReplayer } from '@/lib/server/matches/feed/replayer';
import { importOpenfootball } from '@/lib/server/matches/import/import';
import { elapsedAtEndOfMinute, matchScriptSchema, type MatchScript } from '@/lib/server/matches/timeline';

const finalId = 1064;
const kickoff = new Date('2031-07-01T18:00:00Z');
const minutes = (value: number) => new Date(kickoff.getTime() + value * 60_000);

let handle: DatabaseHandle;
let db: Db;
let script: MatchScript;

// Importing the real data takes seconds, many more on a loaded CI machine: hence the long hook time-out.
beforeAll(async () => {
  // A database of this file's own, unseeded: an in-memory PGlite.
  handle = await openDatabase({ url: 'memory://', dataDir: os.tmpdir() });
  db = handle.db;
  await importOpenfootball(db);
  const [row] = await db.select().from(matchReplayScripts).where(eq(matchReplayScripts.matchId, finalId));
  script = matchScriptSchema.parse(row.script);
}, 120_000);

afterAll(async () => {
  await handle?.close();
});

async function finalRow() {
  const [row] = await db.select().from(matches).where(eq(matches.id, finalId));
  return row;
}

/** Ticks at `at` and returns the messages published on the final's channel. */
function recorder() {
  const bus = createMemoryBus();
  const received: MatchLiveMessage[] = [];
  void bus.subscribe(matchChannel(finalId), (message) => received.push(JSON.parse(message) as MatchLiveMessage));
  const replayer = createMatchReplayer(db, busPublisher(bus), { matchIds: [finalId], speed: 1 });
  return {
    received,
    async at(instant: Date) {
      received.length = 0;
      return replayer.tick(instant);
    },
  };
}

const atEndOf = (minute: number, stoppage = 0) => minutes(elapsedAtEndOfMinute(script, minute, stoppage));
const ofType = <T extends MatchLiveMessage['type']>(list: MatchLiveMessage[], type: T) =>
  list.filter((message): message is Extract<MatchLiveMessage, { type: T }> => message.type === type);

describe('replaying the 2022 final', () => {
  let feed: ReturnType<typeof recorder>;

  beforeAll(async () => {
    await db.update(matches).set({ kickoffAt: kickoff }).where(eq(matches.id, finalId));
    feed = recorder();
  });

  it('turns the finished record into an upcoming match before kick-off, without line-ups until an hour before', async () => {
    const report = await feed.at(minutes(-120));
    expect(report.errors).toEqual([]);
    const row = await finalRow();
    expect(row).toMatchObject({ status: 'upcoming', phase: 'pre_match', homeScore: null, awayScore: null, pensHome: null });
    expect(await db.$count(matchEvents, eq(matchEvents.matchId, finalId))).toBe(0);
    expect(ofType(feed.received, 'lineupLive')).toHaveLength(0);

    await feed.at(minutes(-59));
    const [lineups] = ofType(feed.received, 'lineupLive');
    expect(lineups.home.starters.find((player) => player.captain)?.name).toBe('Lionel Messi');
    expect(lineups.away.starters).toHaveLength(11);
    expect(lineups.home.formation).toBe('4-3-3');
  });

  it('kicks off live at 0–0 and publishes the kick-off line', async () => {
    await feed.at(minutes(0.1));
    const row = await finalRow();
    expect(row).toMatchObject({ status: 'live', phase: 'first_half', minute: 1, homeScore: 0, awayScore: 0 });
    const [kickOff] = ofType(feed.received, 'textLive');
    expect(kickOff.event.kind).toBe('period_start');
    expect(kickOff.text['en-US']).toBe('Kick-off! Argentina v France is under way.');
    expect(kickOff.text['zh-CN']).toBe('比赛开始！阿根廷对阵法国。');
  });

  it("is 1–0 after Messi's penalty, with a goal line in both languages and the score and stats on the channel", async () => {
    await feed.at(atEndOf(23));
    const goal = ofType(feed.received, 'textLive').find((message) => message.event.kind === 'penalty_goal') as TextLiveMessage;
    expect(goal.event).toMatchObject({ minute: 23, side: 'home', player: 'Lionel Messi', home_score: 1, away_score: 0 });
    expect(goal.text['en-US']).toBe('GOAL! Lionel Messi converts the penalty for Argentina. Argentina 1–0 France.');
    expect(goal.text['zh-CN']).toContain('阿根廷的Lionel Messi罚进点球');
    const score = ofType(feed.received, 'scoreLive').at(-1) as ScoreLiveMessage;
    expect(score).toMatchObject({ status: 'live', minute: 23, home_score: 1, away_score: 0 });
    const stats = ofType(feed.received, 'statsLive').at(-1) as StatsLiveMessage;
    expect(stats.stats.home.goals).toBe(1);
    // Only what events give: no invented shots or possession.
    expect(Object.keys(stats.stats.home).sort()).toEqual(['goals', 'red_cards', 'substitutions', 'yellow_cards']);
  });

  it("stands 2–0 at 36' and at half-time, after Enzo Fernández's booking in stoppage time", async () => {
    await feed.at(atEndOf(36));
    expect(await finalRow()).toMatchObject({ homeScore: 2, awayScore: 0, minute: 36 });
    await feed.at(atEndOf(45, 7));
    expect(await finalRow()).toMatchObject({ minute: 45, stoppage: 7, homeScore: 2 });
    await feed.at(minutes(script.periods[0].endsAt + 1));
    const row = await finalRow();
    expect(row).toMatchObject({ phase: 'half_time', htHome: 2, htAway: 0 });
    const halfTime = ofType(feed.received, 'textLive').find((message) => message.event.kind === 'period_end');
    expect(halfTime?.text['en-US']).toBe('Half-time: Argentina 2–0 France.');
    const stats = await db.select({ kind: matchEvents.kind, side: matchEvents.side }).from(matchEvents).where(eq(matchEvents.matchId, finalId));
    expect(stats.filter((event) => event.kind === 'yellow' && event.side === 'home')).toHaveLength(1);
    expect(stats.filter((event) => event.kind === 'substitution' && event.side === 'away')).toHaveLength(2);
  });

  it("is 2–1 at 80' and 2–2 at 81', Mbappé scoring twice in 97 seconds", async () => {
    await feed.at(atEndOf(80));
    expect(await finalRow()).toMatchObject({ phase: 'second_half', minute: 80, homeScore: 2, awayScore: 1 });
    await feed.at(atEndOf(81));
    expect(await finalRow()).toMatchObject({ minute: 81, homeScore: 2, awayScore: 2 });
    const equaliser = ofType(feed.received, 'textLive').find((message) => message.event.kind === 'goal');
    expect(equaliser?.event).toMatchObject({ player: 'Kylian Mbappé', side: 'away', home_score: 2, away_score: 2 });
  });

  it("goes to extra time level at 2–2, then 3–2 at 108' and 3–3 at 118'", async () => {
    await feed.at(minutes(script.periods[1].endsAt + 1));
    expect(await finalRow()).toMatchObject({ phase: 'before_extra_time', ftHome: 2, ftAway: 2 });
    await feed.at(atEndOf(108));
    expect(await finalRow()).toMatchObject({ phase: 'extra_time_second_half', minute: 108, homeScore: 3, awayScore: 2 });
    await feed.at(atEndOf(118));
    expect(await finalRow()).toMatchObject({ minute: 118, homeScore: 3, awayScore: 3 });
    const stats = ofType(feed.received, 'statsLive').at(-1) as StatsLiveMessage;
    expect(stats.stats.away.goals).toBe(3);
    // By 118': Argentina booked Fernández, Acuña, Paredes and Montiel; France Rabiot, Thuram and Giroud.
    const events = await db.select({ kind: matchEvents.kind, side: matchEvents.side }).from(matchEvents).where(eq(matchEvents.matchId, finalId));
    const yellows = (side: string) => events.filter((event) => event.kind === 'yellow' && event.side === side).length;
    expect([yellows('home'), yellows('away')]).toEqual([4, 3]);
  });

  it('ends 4–2 on penalties, finished, with every event stored in the order it happened', async () => {
    await feed.at(minutes(script.endsAt + 1));
    const row = await finalRow();
    expect(row).toMatchObject({ status: 'finished', phase: 'full_time', homeScore: 3, awayScore: 3, etHome: 3, etAway: 3, pensHome: 4, pensAway: 2, minute: null });
    const lines = ofType(feed.received, 'textLive').map((message) => message.text['en-US']);
    expect(lines.at(-1)).toBe('Argentina win the shoot-out 4–2!');
    const events = await db.select().from(matchEvents).where(eq(matchEvents.matchId, finalId)).orderBy(asc(matchEvents.seq));
    expect(events).toHaveLength(script.events.length);
    // Periods follow each other; within play, the clock never goes back.
    const periods = events.map((event) => event.period);
    expect(periods).toEqual([...periods].sort((a, b) => a - b));
    const clock = events
      .filter((event) => event.period < 5 && event.kind !== 'period_end')
      .map((event) => event.period * 100_000 + event.minute * 100 + event.stoppage);
    expect(clock).toEqual([...clock].sort((a, b) => a - b));
    // Emiliano Martínez's booking during the shoot-out (125') came before Tchouaméni's miss.
    const shootout = events.filter((event) => event.period === 5).map((event) => `${event.kind} ${event.playerName ?? ''}`);
    expect(shootout.indexOf('yellow Emiliano Martinez')).toBe(shootout.indexOf('shootout_missed Aurelién Tchouaméni') - 1);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
  });

  it('catches up in one tick after a gap, and publishes nothing when nothing changed', async () => {
    await feed.at(minutes(-120));
    expect((await finalRow()).status).toBe('upcoming');
    await feed.at(minutes(script.endsAt + 10));
    expect(await finalRow()).toMatchObject({ status: 'finished', pensHome: 4 });
    expect(await db.$count(matchEvents, eq(matchEvents.matchId, finalId))).toBe(script.events.length);
    await feed.at(minutes(script.endsAt + 11));
    expect(feed.received).toEqual([]);
  });
});

describe('the demo schedule', () => {
  it('puts the start 30 minutes into Netherlands v Qatar and Ecuador v Senegal: 32 finished, 2 live, 30 upcoming', async () => {
    const now = new Date('2031-08-01T12:00:00Z');
    await startDemoReplay(db, now);
    const byStatus = await db
      .select({ status: matches.status, count: sql<number>`count(*)::int` })
      .from(matches)
      .where(eq(matches.competitionId, 1))
      .groupBy(matches.status)
      .orderBy(matches.status);
    expect(byStatus).toEqual([
      { status: 'finished', count: 32 },
      { status: 'live', count: 2 },
      { status: 'upcoming', count: 30 },
    ]);
    const live = await db
      .select({ home: teams.slug, minute: matches.minute, homeScore: matches.homeScore, kickoffAt: matches.kickoffAt })
      .from(matches)
      .innerJoin(teams, eq(teams.id, matches.homeTeamId))
      .where(eq(matches.status, 'live'))
      .orderBy(teams.slug);
    expect(live).toEqual([
      { home: 'ecuador', minute: 31, homeScore: 0, kickoffAt: new Date(now.getTime() - 30 * 60_000) },
      { home: 'netherlands', minute: 31, homeScore: 1, kickoffAt: new Date(now.getTime() - 30 * 60_000) },
    ]);
    // The real rhythm is kept: the final kicks off 18 days 23½ hours after the demo's "now".
    const [final] = await db.select({ kickoffAt: matches.kickoffAt }).from(matches).where(eq(matches.id, finalId));
    expect(final.kickoffAt.getTime() - now.getTime()).toBe(new Date('2022-12-18T15:00:00Z').getTime() - demoRealAnchor.getTime());
    // Group tables count only what has been played: two matches each in Group A.
    const groupA = await db.select({ played: standings.played }).from(standings).where(eq(standings.groupName, 'A'));
    expect(groupA.map((row) => row.played)).toEqual([2, 2, 2, 2]);
  });

  it('changes speed without a jump: at 60× the live match is an hour further on after one wall-clock minute', async () => {
    const now = new Date('2031-08-01T12:00:00Z');
    expect(await setReplaySpeed(db, 1, 60, now)).toBe(true);
    const replayer = createMatchReplayer(db, async () => undefined);
    await replayer.tick(now);
    const [before] = await db.select({ minute: matches.minute, phase: matches.phase }).from(matches).where(eq(matches.id, 1033));
    expect(before).toEqual({ minute: 31, phase: 'first_half' });
    await replayer.tick(new Date(now.getTime() + 60_000));
    // 30 + 60 minutes of play and breaks: into the second half.
    const [after] = await db.select({ minute: matches.minute, phase: matches.phase }).from(matches).where(eq(matches.id, 1033));
    expect(after.phase).toBe('second_half');
    expect(after.minute).toBeGreaterThan(60);
  });

  it('skips the quiet time to the next match day, and never while a match is under way', async () => {
    const start = new Date('2031-09-01T12:00:00Z');
    await startDemoReplay(db, start);
    const replayer = createMatchReplayer(db, async () => undefined);
    const liveCount = async () =>
      (await db.select({ count: sql<number>`count(*)::int` }).from(matches).where(and(eq(matches.competitionId, 1), eq(matches.status, 'live'))))[0].count;
    // 30 minutes into Netherlands v Qatar: nothing moves.
    expect(await closeReplayGap(db, 1, start, 10 * 60_000)).toBe(false);
    // The 18:00 pair ends by about 21:00 Doha time; at 21:30 the next kick-off (Wales v England, 22:00) is 30 minutes off.
    const evening = new Date(start.getTime() + 3 * 3_600_000);
    await replayer.tick(evening);
    expect(await liveCount()).toBe(0);
    expect(await closeReplayGap(db, 1, evening, 40 * 60_000)).toBe(false);
    expect(await closeReplayGap(db, 1, evening, 10 * 60_000)).toBe(true);
    replayer.reload();
    // Ten minutes later the next pair has kicked off; the matches already played stay finished.
    await replayer.tick(new Date(evening.getTime() + 10 * 60_000 + 1_000));
    expect(await liveCount()).toBe(2);
    const [{ finished }] = await db
      .select({ finished: sql<number>`count(*)::int` })
      .from(matches)
      .where(and(eq(matches.competitionId, 1), eq(matches.status, 'finished')));
    expect(finished).toBe(34);
  });
});
