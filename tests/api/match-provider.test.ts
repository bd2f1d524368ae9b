// The HTTP provider adapter against a local provider (http.createServer on a free loopback port):
// a polled document becomes the match's state, events, line-ups and full statistics.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle, type Db } from '@/lib/db/client';
import { matchEvents, matchLineups, matches } from '@/lib/db/schema';
import type { MatchLiveMessage } from '@/lib/realtime/match-messages';
import { createProviderFeed } from '@/lib/server/matches/feed/provider';
import { importOpenfootball } from '@/lib/server/matches/import/import';

let handle: DatabaseHandle;
let db: Db;
let server: http.Server;
let url: string;
/** What the provider answers next: a body, or an HTTP status. */
let answer: { status: number; body: string } = { status: 200, body: '{"matches":[]}' };
const published: { matchId: number; message: MatchLiveMessage }[] = [];

// Importing the real data takes seconds, many more on a loaded CI machine: hence the long hook time-out.
beforeAll(async () => {
  // A database of this file's own, unseeded: an in-memory PGlite.
  handle = await openDatabase({ url: 'memory://', dataDir: os.tmpdir() });
  db = handle.db;
  await importOpenfootball(db);
  // A provider that names the first Premier League match by its own id.
  await db.update(matches).set({ providerRef: 'acme:8812' }).where(eq(matches.id, 2001));
  server = http.createServer((_request, response) => {
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/live.json`;
}, 120_000);

afterAll(async () => {
  // After a failed beforeAll these may not exist; a server left listening would keep jest from exiting.
  if (server) await new Promise((resolve) => server.close(resolve));
  await handle?.close();
});

function feed() {
  return createProviderFeed(db, async (matchId, message) => void published.push({ matchId, message }), { url, timeoutMs: 2_000 });
}

const live = {
  ref: 'acme:8812',
  status: 'live',
  phase: 'second_half',
  minute: 61,
  score: { home: 1, away: 0 },
  half_time: { home: 0, away: 0 },
  events: [
    { id: 'k1', type: 'period_start', period: 1, minute: 0 },
    { id: 'y1', type: 'yellow', period: 1, minute: 38, side: 'away', player: 'Calvin Bassey' },
    { id: 'g1', type: 'goal', period: 2, minute: 61, side: 'home', player: 'Joshua Zirkzee', text: { 'en-US': 'Zirkzee turns in the winner!', 'zh-CN': '齐尔克泽打进制胜球！' } },
  ],
  stats: { home: { shots: 14, shots_on_target: 5, possession: 52, corners: 7 }, away: { shots: 10, shots_on_target: 2, possession: 48, corners: 4 } },
};

describe('HTTP provider adapter', () => {
  it("applies a live match by the provider's id: state, events, provider text and the full statistics", async () => {
    answer = { status: 200, body: JSON.stringify({ matches: [live] }) };
    published.length = 0;
    const report = await feed().tick(new Date('2031-01-01T20:00:00Z'));
    expect(report).toEqual({ changed: [2001], errors: [] });
    const [row] = await db.select().from(matches).where(eq(matches.id, 2001));
    expect(row).toMatchObject({ status: 'live', phase: 'second_half', minute: 61, homeScore: 1, awayScore: 0, htHome: 0 });
    const events = await db.select().from(matchEvents).where(eq(matchEvents.matchId, 2001)).orderBy(asc(matchEvents.seq));
    expect(events.map((event) => [event.sourceKey, event.kind, event.homeScore, event.awayScore])).toEqual([
      ['provider:k1', 'period_start', null, null],
      ['provider:y1', 'yellow', null, null],
      ['provider:g1', 'goal', 1, 0],
    ]);
    const goalLine = published.find(({ message }) => message.type === 'textLive' && message.event.kind === 'goal')?.message;
    expect(goalLine).toMatchObject({ type: 'textLive', text: { 'en-US': 'Zirkzee turns in the winner!' } });
    const stats = published.find(({ message }) => message.type === 'statsLive')?.message;
    expect(stats).toMatchObject({ stats: { home: { goals: 1, shots: 14, possession: 52 }, away: { yellow_cards: 1, corners: 4 } } });
    expect(published.every(({ matchId }) => matchId === 2001)).toBe(true);
  });

  it('adds nothing when the same document comes again, and withdraws a goal the provider took back', async () => {
    published.length = 0;
    expect((await feed().tick(new Date())).changed).toEqual([]);
    const withdrawn = { ...live, score: { home: 0, away: 0 }, events: live.events.filter((event) => event.id !== 'g1') };
    answer = { status: 200, body: JSON.stringify({ matches: [withdrawn] }) };
    const report = await feed().tick(new Date());
    expect(report.changed).toEqual([2001]);
    expect(await db.$count(matchEvents, eq(matchEvents.matchId, 2001))).toBe(2);
    const score = published.filter(({ message }) => message.type === 'scoreLive').at(-1)?.message;
    expect(score).toMatchObject({ home_score: 0, away_score: 0 });
  });

  it("matches line-up names to the squad players and announces the line-ups once", async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        matches: [
          {
            match_id: 1064,
            status: 'upcoming',
            lineups: {
              home: [{ name: 'Lionel MESSI', number: 10, position: 'FW', starter: true, captain: true, line: 3 }],
              away: [{ name: 'Kylian Mbappé', number: 10, position: 'FW', starter: true }],
            },
          },
        ],
      }),
    };
    published.length = 0;
    const provider = feed();
    await provider.tick(new Date());
    const rows = await db.select().from(matchLineups).where(eq(matchLineups.matchId, 1064)).orderBy(asc(matchLineups.side));
    expect(rows.map((row) => [row.side, row.playerName, row.playerId !== null])).toEqual([
      ['away', 'Kylian Mbappé', true],
      ['home', 'Lionel MESSI', true],
    ]);
    expect(published.filter(({ message }) => message.type === 'lineupLive')).toHaveLength(1);
    published.length = 0;
    await provider.tick(new Date());
    expect(published).toEqual([]);
  });

  it('reports a broken document, an HTTP error and an unknown match without changing anything', async () => {
    const before = await db.select().from(matches).where(eq(matches.id, 2001));
    answer = { status: 200, body: '{"matches": [' };
    expect((await feed().tick(new Date())).errors).toEqual(['provider document is not JSON']);
    answer = { status: 200, body: JSON.stringify({ matches: [{ ref: 'acme:8812', status: 'halfway' }] }) };
    expect((await feed().tick(new Date())).errors[0]).toMatch(/^provider document is invalid at matches\.0\.status/);
    answer = { status: 503, body: 'busy' };
    expect((await feed().tick(new Date())).errors).toEqual(['provider answered HTTP 503']);
    answer = { status: 200, body: JSON.stringify({ matches: [{ ref: 'acme:nope', status: 'live', score: { home: 0, away: 0 } }] }) };
    expect((await feed().tick(new Date())).errors).toEqual(['unknown match acme:nope']);
    expect(await db.select().from(matches).where(eq(matches.id, 2001))).toEqual(before);
  });
});
