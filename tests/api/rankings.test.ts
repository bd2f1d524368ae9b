// Rankings (spec §2.2 /ranking, §2.4 item 10): what a gift or a purchase adds to each board and period, the
// Beijing day and week boundaries, ties, the caller's own place, exact sums under concurrent records, the table
// and the Redis store agreeing, the two API reads, and the room's throttled rankRep.
import crypto from 'node:crypto';
import { POST as talentList } from '@/app/api/ranking/list/route';
import { POST as roomRanking } from '@/app/api/ranking/room/route';
import { getDb, type Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { createMemoryBus } from '@/lib/realtime/bus/memory-bus';
import { roomChannel } from '@/lib/realtime/bus';
import type { RankMessage } from '@/lib/realtime/protocol';
import { resolveBrand } from '@/lib/brand/registry';
import { setAppConfigValue } from '@/lib/server/config/app-config';
import { createRankBroadcaster } from '@/lib/server/rankings/broadcast';
import { closeRankingStore, rankingStoreFor } from '@/lib/server/rankings';
import { createProcessThrottle } from '@/lib/server/rankings/memory-throttle';
import { periodKeys } from '@/lib/server/rankings/periods';
import { readRanking } from '@/lib/server/rankings/read';
import { recordGiftContribution, recordSpending } from '@/lib/server/rankings/record';
import { createRedisRankingStore, type RedisRankingStore } from '@/lib/server/rankings/redis-store';
import type { RankingBoard, RankingStore } from '@/lib/server/rankings/store';
import { createTableStore, pruneRankingTable } from '@/lib/server/rankings/table-store';
import { liveRoomKey } from '@/lib/validation/chat-constants';
import { roomRankingReply, talentRankingReply, type AnchorRankingRow, type RoomRankingReply, type TalentRankingReply } from '@/lib/validation/ranking';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { accountWithRole } from './live-helpers';

const redisUrl = process.env.TEST_REDIS_URL;
let db: Db;
const redisStores: RedisRankingStore[] = [];

beforeAll(async () => {
  db = await getDb();
}, 60_000);

afterAll(async () => {
  await Promise.all(redisStores.map((store) => store.close()));
  await closeRankingStore();
});

/** A Redis store of its own: keys under a fresh prefix, so no other test or install shares its boards. */
function freshRedisStore(url: string): RedisRankingStore {
  const store = createRedisRankingStore(url, { keyPrefix: `test:${crypto.randomBytes(6).toString('hex')}:` });
  redisStores.push(store);
  return store;
}

const storeKinds: [string, () => RankingStore][] = [['table', () => createTableStore(db, createProcessThrottle())]];
if (redisUrl) storeKinds.push(['redis', () => freshRedisStore(redisUrl)]);

let phoneCounter = 0;
/** Fresh accounts written directly: the rankings only need them to exist with a name and badges. */
async function newMembers(count: number, prefix = 'Fan'): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => {
        phoneCounter += 1;
        return {
          mobile: `196${String(crypto.randomInt(0, 1e6)).padStart(6, '0')}${String(phoneCounter % 100).padStart(2, '0')}`,
          nickName: `${prefix}${index + 1}`,
          level: index % 22,
          vipLevel: index % 4,
          brandId: 'sportcast',
        };
      }),
    )
    .returning({ id: users.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

// Beijing is UTC+8: Monday 23 November 2026 00:30 there is Sunday 22 November 16:30 UTC.
const mondayEarly = new Date('2026-11-22T16:30:00Z');
const sundayLate = new Date('2026-11-22T15:30:00Z');
const lastWeek = new Date('2026-11-18T04:00:00Z');

async function scoresOf(store: RankingStore, board: RankingBoard, at: Date) {
  const keys = periodKeys(at);
  return {
    day: await store.top(board, keys.day, 20),
    week: await store.top(board, keys.week, 20),
    all: await store.top(board, keys.all, 20),
  };
}

describe.each(storeKinds)('the %s store', (_kind, makeStore) => {
  let store: RankingStore;
  beforeEach(() => {
    store = makeStore();
  });
  const services = () => ({ store, broadcaster: null });

  it('adds a gem gift to the room, the anchor and the sender, in today, this week and all time', async () => {
    const [anchor, sender] = await newMembers(2);
    await expect(recordGiftContribution(db, { anchorId: anchor, senderId: sender, value: 1_250, currency: 'diamond', at: mondayEarly }, services())).resolves.toBe(true);
    for (const [board, member] of [[`room:${anchor}`, sender], ['anchors', anchor], ['users', sender]] as const) {
      const scores = await scoresOf(store, board, mondayEarly);
      expect(scores.day.find((row) => row.member === member)?.score).toBe(1_250);
      expect(scores.week.find((row) => row.member === member)?.score).toBe(1_250);
      expect(scores.all.find((row) => row.member === member)?.score).toBe(1_250);
    }
    // The sender earned nothing and the anchor spent nothing.
    expect((await store.standing('anchors', periodKeys(mondayEarly).all, sender))).toBeNull();
    expect((await store.standing('users', periodKeys(mondayEarly).all, anchor))).toBeNull();
  });

  it('counts days and weeks in Beijing time: Sunday 23:30 is last week, Monday 00:30 is this week', async () => {
    const [anchor, sender] = await newMembers(2);
    const record = (value: number, at: Date) => recordGiftContribution(db, { anchorId: anchor, senderId: sender, value, currency: 'diamond', at }, services());
    await record(100, lastWeek);
    await record(20, sundayLate);
    await record(3, mondayEarly);
    const room: RankingBoard = `room:${anchor}`;
    const monday = await scoresOf(store, room, mondayEarly);
    expect(monday.day).toEqual([{ member: sender, score: 3 }]);
    expect(monday.week).toEqual([{ member: sender, score: 3 }]);
    expect(monday.all).toEqual([{ member: sender, score: 123 }]);
    const sunday = await scoresOf(store, room, sundayLate);
    expect(sunday.day).toEqual([{ member: sender, score: 20 }]);
    expect(sunday.week).toEqual([{ member: sender, score: 120 }]);
  });

  it('ranks by score, ties by the smaller id, and gives each member their place', async () => {
    const [anchor, ...senders] = await newMembers(5);
    const [a, b, c, d] = senders;
    const gifts: [number, number][] = [[d, 500], [c, 300], [b, 500], [a, 100], [c, 200]];
    for (const [sender, value] of gifts) await recordGiftContribution(db, { anchorId: anchor, senderId: sender, value, currency: 'diamond', at: mondayEarly }, services());
    const day = periodKeys(mondayEarly).day;
    // b, c and d all have 500: the smaller id goes first.
    expect(await store.top(`room:${anchor}`, day, 20)).toEqual([
      { member: b, score: 500 },
      { member: c, score: 500 },
      { member: d, score: 500 },
      { member: a, score: 100 },
    ]);
    expect(await store.top(`room:${anchor}`, day, 2)).toHaveLength(2);
    expect(await store.standing(`room:${anchor}`, day, d)).toEqual({ rank: 3, score: 500 });
    expect(await store.standing(`room:${anchor}`, day, a)).toEqual({ rank: 4, score: 100 });
    expect(await store.standing(`room:${anchor}`, day, anchor)).toBeNull();
  });

  it('reads a page with names and badges, and the caller’s place on or off the page', async () => {
    const [anchor, ...senders] = await newMembers(24, 'Giver');
    // 22 senders give 100, 200, … so the last one is first; one more gives nothing.
    await Promise.all(senders.slice(0, 22).map((sender, index) => recordGiftContribution(db, { anchorId: anchor, senderId: sender, value: (index + 1) * 100, currency: 'diamond', at: mondayEarly }, services())));
    const board: RankingBoard = `room:${anchor}`;
    const top = await readRanking(db, store, board, 'day', senders[21], mondayEarly);
    expect(top.list).toHaveLength(20);
    expect(top.list[0]).toEqual({ rank: 1, user_id: senders[21], nick_name: 'Giver23', avatar: '', level: 0, vip_level: 2, score: 2_200 });
    expect(top.list.map((row) => row.rank)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
    expect(top.mine).toEqual({ rank: 1, score: 2_200 });
    // Off the page: 21st and 22nd.
    expect((await readRanking(db, store, board, 'day', senders[0], mondayEarly)).mine).toEqual({ rank: 22, score: 100 });
    expect((await readRanking(db, store, board, 'day', senders[22], mondayEarly)).mine).toEqual({ rank: 0, score: 0 });
    expect((await readRanking(db, store, board, 'day', undefined, mondayEarly)).mine).toBeNull();
  });

  it('sums concurrent records against one member exactly', async () => {
    const [anchor, sender, other] = await newMembers(3);
    await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        recordGiftContribution(db, { anchorId: anchor, senderId: index % 3 === 0 ? other : sender, value: 7, currency: 'diamond', at: mondayEarly }, services()),
      ),
    );
    const keys = periodKeys(mondayEarly);
    expect(await store.top(`room:${anchor}`, keys.day, 20)).toEqual([
      { member: sender, score: 280 },
      { member: other, score: 140 },
    ]);
    expect(await store.standing('anchors', keys.week, anchor)).toMatchObject({ score: 420 });
  });

  it('ranks gems only: gold gifts and purchases count nowhere; a gem purchase counts as spending', async () => {
    const [anchor, sender] = await newMembers(2);
    await expect(recordGiftContribution(db, { anchorId: anchor, senderId: sender, value: 9_900, currency: 'gold', at: mondayEarly }, services())).resolves.toBe(false);
    await expect(recordSpending(db, { userId: sender, value: 5_000, currency: 'gold', at: mondayEarly }, services())).resolves.toBe(false);
    expect(await store.standing('anchors', 'all', anchor)).toBeNull();
    expect(await store.standing('users', 'all', sender)).toBeNull();
    await expect(recordSpending(db, { userId: sender, value: 800, currency: 'diamond', at: mondayEarly }, services())).resolves.toBe(true);
    expect(await store.standing('users', periodKeys(mondayEarly).day, sender)).toMatchObject({ score: 800 });
    expect(await store.top(`room:${anchor}`, 'all', 20)).toEqual([]);
    await expect(recordSpending(db, { userId: sender, value: 0, currency: 'diamond', at: mondayEarly }, services())).rejects.toThrow(RangeError);
    await expect(recordSpending(db, { userId: sender, value: 1.5, currency: 'diamond', at: mondayEarly }, services())).rejects.toThrow(RangeError);
  });

  it('publishes a room’s changed ranking at most once a second, the latest totals last, nothing when unchanged', async () => {
    const [anchor, first, second] = await newMembers(3);
    const bus = createMemoryBus();
    const received: { at: number; message: RankMessage }[] = [];
    await bus.subscribe(roomChannel(liveRoomKey(anchor)), (frame) => received.push({ at: Date.now(), message: JSON.parse(frame) as RankMessage }));
    // Two processes' broadcasters sharing one store: the claim in the store keeps their sum to one a second.
    const claims: number[] = [];
    const claimed: RankingStore = {
      ...store,
      claim: async (name, ms) => {
        const wait = await store.claim(name, ms);
        if (wait === 0) claims.push(Date.now());
        return wait;
      },
    };
    const now = () => mondayEarly;
    const processes = [createRankBroadcaster({ db, store: claimed, bus, now }), createRankBroadcaster({ db, store: claimed, bus, now })];
    const started = Date.now();
    for (let round = 0; round < 3; round += 1) {
      await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          recordGiftContribution(db, { anchorId: anchor, senderId: index % 4 === 0 ? second : first, value: 10, currency: 'diamond', at: mondayEarly }, { store: claimed, broadcaster: processes[index % 2] }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await Promise.all(processes.map((process) => process.idle()));
    const elapsed = Date.now() - started;
    expect(received.length).toBeGreaterThanOrEqual(1);
    expect(received.length).toBeLessThanOrEqual(Math.floor(elapsed / 1000) + 1);
    // Each publication follows its own claim, and claims are a second apart whichever process made them.
    expect(received.length).toBeLessThanOrEqual(claims.length);
    for (let index = 1; index < claims.length; index += 1) expect(claims[index] - claims[index - 1]).toBeGreaterThanOrEqual(950);
    const last = received.at(-1)!.message;
    expect(last).toMatchObject({ type: 'rankRep', groupId: liveRoomKey(anchor), period: 'day' });
    expect(last.top.map((row) => [row.rank, row.user_id, row.score])).toEqual([
      [1, first, 900],
      [2, second, 300],
    ]);
    expect(last.top[0]).toMatchObject({ nick_name: 'Fan2', level: 1, vip_level: 1 });
    // Asked again with nothing new: the same list is not sent twice.
    const before = received.length;
    processes[0].touch(anchor);
    await processes[0].idle();
    expect(received).toHaveLength(before);
    await bus.close();
  }, 20_000);
});

it('drops the table’s day and week buckets once they are over, and keeps all time', async () => {
  const store = createTableStore(db, createProcessThrottle());
  const [anchor, sender] = await newMembers(2);
  await recordGiftContribution(db, { anchorId: anchor, senderId: sender, value: 100, currency: 'diamond', at: lastWeek }, { store, broadcaster: null });
  const keys = periodKeys(lastWeek);
  const room: RankingBoard = `room:${anchor}`;
  // The next day, both are still kept.
  await pruneRankingTable(db, new Date(lastWeek.getTime() + 86_400_000));
  expect(await store.top(room, keys.day, 20)).toHaveLength(1);
  await pruneRankingTable(db, new Date('2026-12-20T00:00:00Z'));
  expect(await store.top(room, keys.day, 20)).toEqual([]);
  expect(await store.top(room, keys.week, 20)).toEqual([]);
  expect(await store.top(room, keys.all, 20)).toEqual([{ member: sender, score: 100 }]);
});

if (redisUrl) {
  it('the table and the Redis store give the same answers for the same records', async () => {
    const table = createTableStore(db, createProcessThrottle());
    const redis = freshRedisStore(redisUrl);
    const [anchorA, anchorB, ...senders] = await newMembers(12);
    const moments = [lastWeek, sundayLate, mondayEarly];
    const gifts = Array.from({ length: 120 }, () => ({
      anchorId: crypto.randomInt(0, 2) === 0 ? anchorA : anchorB,
      senderId: senders[crypto.randomInt(0, senders.length)],
      // Small values, so ties happen.
      value: crypto.randomInt(1, 4) * 100,
      currency: 'diamond' as const,
      at: moments[crypto.randomInt(0, moments.length)],
    }));
    for (const gift of gifts) {
      await recordGiftContribution(db, gift, { store: table, broadcaster: null });
      await recordGiftContribution(db, gift, { store: redis, broadcaster: null });
    }
    for (const at of moments) {
      for (const key of Object.values(periodKeys(at))) {
        for (const board of [`room:${anchorA}`, `room:${anchorB}`] as const) {
          expect(await redis.top(board, key, 20)).toEqual(await table.top(board, key, 20));
          for (const sender of senders) expect(await redis.standing(board, key, sender)).toEqual(await table.standing(board, key, sender));
        }
      }
    }
  }, 60_000);
}

describe('the API', () => {
  const brandId = resolveBrand('localhost:3000').id;

  it('answers a room’s ranking to visitors, and their place to the signed in', async () => {
    const viewer = await accountWithRole('1971');
    const [anchor, other] = await newMembers(2, 'Anchor');
    const now = new Date();
    await recordGiftContribution(db, { anchorId: anchor, senderId: viewer.id, value: 4_200, currency: 'diamond', at: now }, { broadcaster: null });
    await recordGiftContribution(db, { anchorId: anchor, senderId: other, value: 5_000, currency: 'diamond', at: now }, { broadcaster: null });

    const visitor = await callRoute<RoomRankingReply>(roomRanking, { body: { anchor_id: anchor, period: 'day' } });
    expect(visitor.status).toBe(0);
    expectReplyShape(roomRankingReply, visitor.data);
    expect(visitor.data.list.map((row) => [row.rank, row.user_id, row.score])).toEqual([
      [1, other, 5_000],
      [2, viewer.id, 4_200],
    ]);
    expect(visitor.data.mine).toBeNull();

    const signedIn = await callRoute<RoomRankingReply>(roomRanking, { credential: viewer.credential, body: { anchor_id: anchor, period: 'all' } });
    expect(signedIn.data.mine).toEqual({ rank: 2, score: 4_200 });
    // The period defaults to today.
    expect((await callRoute<RoomRankingReply>(roomRanking, { body: { anchor_id: anchor } })).data.list).toHaveLength(2);
  });

  it('refuses a bad period or room with a clear message in the caller’s language', async () => {
    const badPeriod = await callRoute(roomRanking, { body: { anchor_id: 10000001, period: 'month' } });
    expect(badPeriod).toMatchObject({ status: 1, msg: 'Choose today, this week or all time.' });
    const badRoom = await callRoute(roomRanking, { body: { anchor_id: 'x' }, headers: { lang: 'zh_cn' } });
    expect(badRoom).toMatchObject({ status: 1, msg: '该直播间不存在。' });
    const badBoard = await callRoute(talentList, { body: { board: 'teams', period: 'day' } });
    expect(badBoard).toMatchObject({ status: 1, msg: "Choose the anchors' or the users' ranking." });
  });

  it('lists anchors by income with their live state and room, and users by spending with the caller’s place', async () => {
    const spender = await accountWithRole('1972');
    const [anchor] = await newMembers(1, 'TopAnchor');
    // Far above anything else recorded today, so the fresh anchor is on the first page whatever else shares the board.
    const big = 9_000_000_000_000 + crypto.randomInt(0, 1_000_000);
    await recordGiftContribution(db, { anchorId: anchor, senderId: spender.id, value: big, currency: 'diamond', at: new Date() }, { broadcaster: null });

    const anchors = await callRoute<TalentRankingReply>(talentList, { body: { board: 'anchors', period: 'week' } });
    expect(anchors.status).toBe(0);
    expectReplyShape(talentRankingReply, anchors.data);
    const row = (anchors.data.list as AnchorRankingRow[]).find((entry) => entry.user_id === anchor);
    expect(row).toMatchObject({ nick_name: 'TopAnchor1', score: big, live_status: 0, room_id: anchor });
    // Places only grow down the list (they skip a member whose account is gone: a shared Redis holds other test runs' members).
    const ranks = anchors.data.list.map((entry) => entry.rank);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(ranks.length);
    const scores = anchors.data.list.map((entry) => entry.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));

    const spenders = await callRoute<TalentRankingReply>(talentList, { credential: spender.credential, body: { board: 'users', period: 'day' } });
    expectReplyShape(talentRankingReply, spenders.data);
    expect(spenders.data.mine).toMatchObject({ score: big });
    expect(spenders.data.list.find((entry) => entry.user_id === spender.id)).toMatchObject({ score: big, rank: spenders.data.mine!.rank });
  });

  it('refuses the talent lists while the brand hides them, and not the room ranking', async () => {
    await setAppConfigValue(db, brandId, 'talent_list_status', 0);
    try {
      const hidden = await callRoute(talentList, { body: { board: 'users', period: 'day' } });
      expect(hidden).toMatchObject({ status: 1, msg: 'The talent list is not available on this site.', data: null });
      const hiddenZh = await callRoute(talentList, { body: { board: 'anchors', period: 'all' }, headers: { lang: 'zh_cn' } });
      expect(hiddenZh.msg).toBe('本站暂未开放达人榜。');
      expect((await callRoute(roomRanking, { body: { anchor_id: 10000001 } })).status).toBe(0);
    } finally {
      await setAppConfigValue(db, brandId, 'talent_list_status', 1);
    }
  });

  it('uses Redis when REDIS_URL is set, the table otherwise', () => {
    expect(rankingStoreFor(db).kind).toBe(getEnv().REDIS_URL ? 'redis' : 'table');
    expect(Boolean(getEnv().REDIS_URL)).toBe(Boolean(redisUrl));
  });
});
