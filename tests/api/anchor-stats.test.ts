// The anchor centre's figures (docs/anchor-stats.md): the rollup job turns gifts, HD tickets, quiz stakes and follows
// into one row per anchor and UTC day; the anchor reads their last days, zeros where nothing happened. A run
// repeated changes nothing, and whatever gifts are sent the day's income equals what the ledger credited.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { POST as attentAnchor } from '@/app/api/anchor/attentAnchor/route';
import { POST as statsRoute } from '@/app/api/anchor/stats/route';
import { POST as giftSend } from '@/app/api/gift/send/route';
import { getDb } from '@/lib/db';
import { anchorDailyStats, gifts, lives, users } from '@/lib/db/schema';
import { rollUpAnchorDays, rollUpRecentAnchorDays } from '@/lib/server/anchor-stats/rollup';
import { earningsAccount, type Currency } from '@/lib/server/ledger/accounts';
import { readAccountBalance } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { createSession } from '@/lib/server/session/sessions';
import { grantTickets, spendTicketForLive } from '@/lib/server/tickets/ledger';
import { anchorStatsReply, type AnchorStatsReply } from '@/lib/validation/anchor-stats';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

type Person = { id: number; credential: string };

beforeAll(() => getDb(), 60_000);

async function person(role: 'user' | 'anchor' = 'user', balance: Partial<Record<Currency, number>> = {}): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await db.insert(users).values({ id, mobile: `172${String(id).slice(-8)}`, nickName: `Stats${id % 100_000}`, role, brandId: 'sportcast' });
  for (const [currency, amount] of Object.entries(balance) as [Currency, number][]) {
    await grantCurrency(db, { userId: id, currency, amount, idempotencyKey: `test:stats:${id}:${currency}`, note: 'test' });
  }
  return { id, credential: (await createSession(db, id, `device-${id}`)).credential };
}

async function liveAnchor(): Promise<{ anchor: Person; liveId: number }> {
  const anchor = await person('anchor');
  const [live] = await (await getDb()).insert(lives).values({ anchorId: anchor.id, stream: `stats-${anchor.id}`, title: 'Stats', categoryId: 2, childCategoryId: 201, status: 'live' }).returning();
  return { anchor, liveId: live.id };
}

async function gift(animation: string) {
  const [row] = await (await getDb()).select().from(gifts).where(eq(gifts.animation, animation));
  return row;
}

const stats = async (anchor: Person, days = 7) => (await callRoute<AnchorStatsReply>(statsRoute, { credential: anchor.credential, body: { days } })).data;
const today = () => new Date().toISOString().slice(0, 10);

it('counts a day’s gifts (the anchor’s share, each currency), tickets and new followers, and reads them by day', async () => {
  const db = await getDb();
  const { anchor, liveId } = await liveAnchor();
  const fan = await person('user', { diamond: 1_000_000, gold: 1_000_000 });
  const rocket = await gift('rocket');
  const football = await gift('football');
  const sent = async (giftId: number, count: number) =>
    expect(await callRoute(giftSend, { credential: fan.credential, body: { anchor_id: anchor.id, gift_id: giftId, count, idempotency_key: crypto.randomUUID() } })).toMatchObject({ status: 0 });
  await sent(rocket.id, 2);
  await sent(football.id, 3);
  await callRoute(attentAnchor, { credential: fan.credential, body: { anchorid: anchor.id } });

  const before = await stats(anchor);
  expectReplyShape(anchorStatsReply, before);
  expect(before.days).toHaveLength(7);
  expect(before.days.at(-1)).toEqual({ day: today(), gift_diamond: 0, gift_gold: 0, gifts: 0, tickets: 0, quiz_stakes: 0, new_followers: 0 });

  expect(await rollUpRecentAnchorDays(db)).toBeGreaterThan(0);
  await foldPendingEntries(db);
  const after = await stats(anchor);
  const row = after.days.at(-1);
  expect(row).toMatchObject({ day: today(), gifts: 2, new_followers: 1, tickets: 0 });
  expect(row?.gift_diamond).toBe(await readAccountBalance(db, earningsAccount(anchor.id), 'diamond'));
  expect(row?.gift_gold).toBe(await readAccountBalance(db, earningsAccount(anchor.id), 'gold'));
  expect((row?.gift_diamond ?? 0) + (row?.gift_gold ?? 0)).toBeGreaterThan(0);
  expect(after.days.slice(0, -1).every((day) => day.gifts === 0)).toBe(true);
  expect(after.updated_at).toBeGreaterThan(0);

  // A repeated run writes nothing; a ticket changes the row on the next.
  expect(await rollUpRecentAnchorDays(db)).toBe(0);
  await grantTickets(db, { userId: fan.id, count: 1, idempotencyKey: `test:ticket:${fan.id}` });
  expect((await spendTicketForLive(db, fan.id, liveId)).spent).toBe(true);
  expect(await rollUpRecentAnchorDays(db)).toBe(1);
  expect((await stats(anchor)).days.at(-1)).toMatchObject({ tickets: 1 });
});

it('keeps each UTC day apart: a day outside the run is left alone', async () => {
  const db = await getDb();
  const { anchor } = await liveAnchor();
  const fan = await person('user', { gold: 100_000 });
  const football = await gift('football');
  await callRoute(giftSend, { credential: fan.credential, body: { anchor_id: anchor.id, gift_id: football.id, count: 1, idempotency_key: crypto.randomUUID() } });
  // A run over days long past finds nothing of this anchor.
  await rollUpAnchorDays(db, new Date('2020-01-01T00:00:00Z'), new Date('2020-01-02T00:00:00Z'));
  expect(await db.select().from(anchorDailyStats).where(eq(anchorDailyStats.anchorId, anchor.id))).toEqual([]);
  await rollUpRecentAnchorDays(db);
  expect((await db.select().from(anchorDailyStats).where(eq(anchorDailyStats.anchorId, anchor.id))).map((row) => row.day)).toEqual([today()]);
});

it('whatever gifts are sent, the day’s income equals what the ledger credited the anchor, in each currency', async () => {
  const db = await getDb();
  const catalogue = [await gift('football'), await gift('rocket'), await gift('whistle')];
  await fc.assert(
    fc.asyncProperty(fc.array(fc.record({ which: fc.integer({ min: 0, max: catalogue.length - 1 }), count: fc.integer({ min: 1, max: 5 }) }), { minLength: 1, maxLength: 8 }), async (sends) => {
      const { anchor } = await liveAnchor();
      const fan = await person('user', { diamond: 10_000_000, gold: 10_000_000 });
      for (const { which, count } of sends) {
        await callRoute(giftSend, { credential: fan.credential, body: { anchor_id: anchor.id, gift_id: catalogue[which].id, count, idempotency_key: crypto.randomUUID() } });
      }
      await foldPendingEntries(db);
      await rollUpRecentAnchorDays(db);
      const row = (await stats(anchor, 7)).days.at(-1);
      expect(row?.gift_diamond).toBe(await readAccountBalance(db, earningsAccount(anchor.id), 'diamond'));
      expect(row?.gift_gold).toBe(await readAccountBalance(db, earningsAccount(anchor.id), 'gold'));
      expect(row?.gifts).toBe(sends.length);
    }),
    { numRuns: 10 },
  );
});

it('is for anchors, and refuses a window it does not offer', async () => {
  const viewer = await person();
  expect(await callRoute(statsRoute, { credential: viewer.credential, body: {} })).toMatchObject({ status: 1 });
  const { anchor } = await liveAnchor();
  expect(await callRoute(statsRoute, { credential: anchor.credential, body: { days: 9 } })).toMatchObject({ status: 1 });
  expect(await callRoute(statsRoute, { credential: anchor.credential, body: { days: 30 } })).toMatchObject({ status: 0, data: { days: expect.any(Array) } });
});

it('counts every gift of a burst while rollups run beside it, however they interleave', async () => {
  const db = await getDb();
  const { anchor } = await liveAnchor();
  const fans = await Promise.all(Array.from({ length: 5 }, () => person('user', { diamond: 1_000_000 })));
  const trophy = await gift('trophy');
  const sends = fans.flatMap((fan) =>
    Array.from({ length: 4 }, () => callRoute(giftSend, { credential: fan.credential, body: { anchor_id: anchor.id, gift_id: trophy.id, count: 1, idempotency_key: crypto.randomUUID() } })),
  );
  const rollups = Array.from({ length: 4 }, () => rollUpRecentAnchorDays(db));
  const replies = await Promise.all(sends);
  await Promise.all(rollups);
  expect(replies.every((reply) => reply.status === 0)).toBe(true);
  await foldPendingEntries(db);
  await rollUpRecentAnchorDays(db);
  const row = (await stats(anchor)).days.at(-1);
  expect(row?.gifts).toBe(20);
  expect(row?.gift_diamond).toBe(await readAccountBalance(db, earningsAccount(anchor.id), 'diamond'));
});
