// Gifts over HTTP (spec §3 gift message, §4 combo and balance update, §8 error 10152): the catalogue per brand, and
// a send that debits the sender, credits the anchor and the house, adds experience, keeps the combo and tells the
// room, exactly once per idempotency key, never below zero however many sends race for the same balance.
import crypto from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { POST as giftList } from '@/app/api/gift/list/route';
import { POST as giftSend } from '@/app/api/gift/send/route';
import { getDb } from '@/lib/db';
import { giftCombos, gifts, ledgerEntries, ledgerTransactions, lives, users } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { parseLogged } from '@/lib/realtime/bus/types';
import { earningsAccount, systemAccounts, type Currency } from '@/lib/server/ledger/accounts';
import { readAccountBalance, readWallet } from '@/lib/server/ledger/balances';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { sendGift } from '@/lib/server/gifts/send';
import { createSession } from '@/lib/server/session/sessions';
import { liveRoomKey } from '@/lib/validation/chat';
import { giftListReply, giftSendReply, type GiftList, type GiftSendReply } from '@/lib/validation/gifts';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

type Person = { id: number; credential: string };

beforeAll(() => getDb(), 60_000);

async function person(options: { role?: 'user' | 'anchor'; brandId?: string; balance?: Partial<Record<Currency, number>> } = {}): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await db.insert(users).values({ id, mobile: `171${String(id).slice(-8)}`, nickName: `Gifter${id % 100_000}`, role: options.role ?? 'user', brandId: options.brandId ?? 'sportcast' });
  for (const [currency, amount] of Object.entries(options.balance ?? {}) as [Currency, number][]) {
    await grantCurrency(db, { userId: id, currency, amount, idempotencyKey: `test:gifts:${id}:${currency}`, note: 'test' });
  }
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential };
}

/** An anchor with an open live (gifts need one). */
async function liveAnchor(brandId = 'sportcast'): Promise<Person> {
  const anchor = await person({ role: 'anchor', brandId });
  await (await getDb()).insert(lives).values({ anchorId: anchor.id, stream: `gifts-${anchor.id}`, title: 'Gift test', categoryId: 2, childCategoryId: 201, status: 'live' });
  return anchor;
}

async function giftByAnimation(animation: string) {
  const [gift] = await (await getDb()).select().from(gifts).where(eq(gifts.animation, animation));
  return gift;
}

function send(sender: Person, body: Record<string, unknown>, lang?: string) {
  return callRoute<GiftSendReply>(giftSend, { credential: sender.credential, body, headers: lang ? { lang } : {} });
}

const key = () => crypto.randomUUID();

const isBusy = (reply: { status: number; msg: string }) => reply.status === 1 && reply.msg === 'The site is very busy right now. Please try again in a moment.';

describe('POST /api/gift/list', () => {
  it("lists the brand's enabled gifts in catalogue order, in the reader's language", async () => {
    const db = await getDb();
    const sportcast = await person({ role: 'anchor', brandId: 'sportcast' });
    const qiuba = await person({ role: 'anchor', brandId: 'qiuba' });
    const tag = crypto.randomBytes(3).toString('hex');
    await db.insert(gifts).values([
      { brandId: 'qiuba', name: { 'en-US': `Qiuba cup ${tag}`, 'zh-CN': `球吧杯 ${tag}` }, price: 300, currency: 'gold', icon: '/gifts/trophy.svg', animation: 'trophy', sortOrder: 50 },
      { brandId: null, name: { 'en-US': `Retired ${tag}`, 'zh-CN': `下架 ${tag}` }, price: 300, currency: 'gold', icon: '/gifts/trophy.svg', animation: 'trophy', enabled: false },
    ]);

    const english = await callRoute<GiftList>(giftList, { body: { anchor_id: sportcast.id } });
    expect(english.status).toBe(0);
    expectReplyShape(giftListReply, english.data);
    const names = english.data.list.map((gift) => gift.name);
    expect(names.slice(0, 3)).toEqual(['Thumbs up', 'Whistle', 'Football']);
    expect(names).not.toContain(`Qiuba cup ${tag}`);
    expect(names).not.toContain(`Retired ${tag}`);
    expect(english.data.list[0]).toEqual({
      id: expect.any(Number), name: 'Thumbs up', price: 100, currency: 'gold', icon: '/gifts/thumbs_up.svg', animation: 'thumbs_up', animat_type: 1, duration: 2500, combo: 1,
    });
    expect(english.data.list.find((gift) => gift.animation === 'long_in')).toMatchObject({ currency: 'diamond', price: 131_400, combo: 0 });

    const chinese = await callRoute<GiftList>(giftList, { body: { anchor_id: qiuba.id }, headers: { lang: 'zh-CN' } });
    expect(chinese.data.list.map((gift) => gift.name)).toEqual(expect.arrayContaining(['点赞', '火箭', `球吧杯 ${tag}`]));
  });

  it('refuses an id that is not an anchor’s, and a missing one', async () => {
    const viewer = await person();
    expect(await callRoute(giftList, { body: { anchor_id: viewer.id } })).toMatchObject({ status: 1, msg: 'This anchor does not exist.', data: null });
    expect(await callRoute(giftList, { body: {} })).toMatchObject({ status: 1, msg: 'Choose the anchor to send the gift to.' });
  });
});

describe('POST /api/gift/send', () => {
  it('debits the sender, credits the anchor and the house, adds experience and tells the room', async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    const sender = await person({ balance: { diamond: 50_000, gold: 1_000 } });
    const rocket = await giftByAnimation('rocket');
    const room = liveRoomKey(anchor.id);

    const reply = await send(sender, { anchor_id: anchor.id, gift_id: rocket.id, count: 2, idempotency_key: key() });
    expect(reply).toMatchObject({ status: 0, msg: 'success', data: { bal: { diamond: 30_000, gold: 1_000 }, hit: 2 } });
    expectReplyShape(giftSendReply, reply.data);
    expect(await readWallet(db, sender.id)).toEqual({ diamond: 30_000, gold: 1_000 });

    // Half to the anchor (GIFT_ANCHOR_SHARE_PERCENT's default), the rest to the house, appended and folded later.
    expect(await readAccountBalance(db, earningsAccount(anchor.id), 'diamond')).toBe(10_000);
    const movement = await db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount, kind: ledgerTransactions.kind })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(like(ledgerTransactions.idempotencyKey, `gift:${sender.id}:%`));
    expect(movement).toEqual(
      expect.arrayContaining([
        { account: `user:${sender.id}`, amount: -20_000, kind: 'gift' },
        { account: earningsAccount(anchor.id), amount: 10_000, kind: 'gift' },
        { account: systemAccounts.house, amount: 10_000, kind: 'gift' },
      ]),
    );
    expect(movement).toHaveLength(3);

    // 200.00 spent: experience for every whole unit.
    const [after] = await db.select({ experience: users.experience }).from(users).where(eq(users.id, sender.id));
    expect(after.experience).toBeGreaterThan(0);

    const logged = (await getBus().readBefore(room, undefined, 10)).map((entry) => parseLogged(entry.frame));
    expect(logged.filter((message) => message.type === 'gift')).toEqual([
      expect.objectContaining({ type: 'gift', groupId: room, user_id: sender.id, giftid: rocket.id, gift_name: 'Rocket', animation: 'rocket', animat_type: 1, duration: 5000, count: 2, hit: 2 }),
    ]);
  });

  it('sends the same way when a server part calls sendGift itself, on the bus it is given', async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    const sender = await person({ balance: { gold: 1_000 } });
    const whistle = await giftByAnimation('whistle');
    const reply = await sendGift(db, getBus(), { senderId: sender.id, anchorId: anchor.id, giftId: whistle.id, count: 2, idempotencyKey: key() });
    expect(reply).toEqual({ bal: { diamond: 0, gold: 0 }, hit: 2 });
    const logged = (await getBus().readBefore(liveRoomKey(anchor.id), undefined, 5)).map((entry) => parseLogged(entry.frame));
    expect(logged).toEqual([expect.objectContaining({ type: 'gift', giftid: whistle.id, count: 2, hit: 2 })]);
  });

  it('adds up a combo within 3 s and starts again after a pause', async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    const sender = await person({ balance: { gold: 100_000 } });
    const football = await giftByAnimation('football');
    const body = (count: number) => ({ anchor_id: anchor.id, gift_id: football.id, count, idempotency_key: key() });

    expect((await send(sender, body(1))).data.hit).toBe(1);
    expect((await send(sender, body(10))).data.hit).toBe(11);
    expect((await send(sender, body(1))).data.hit).toBe(12);
    // The last send was 4 s ago: a new combo.
    await db
      .update(giftCombos)
      .set({ lastAt: sql`${giftCombos.lastAt} - interval '4 seconds'` })
      .where(and(eq(giftCombos.senderId, sender.id), eq(giftCombos.anchorId, anchor.id)));
    expect((await send(sender, body(1))).data.hit).toBe(1);

    // A gift without combo never adds up.
    const dragon = await giftByAnimation('long_in');
    const rich = await person({ balance: { diamond: 1_000_000 } });
    const dragonBody = () => ({ anchor_id: anchor.id, gift_id: dragon.id, count: 1, idempotency_key: key() });
    expect((await send(rich, dragonBody())).data.hit).toBe(1);
    expect((await send(rich, dragonBody())).data.hit).toBe(1);
  });

  it('answers 10152 with the message in the user’s language and the recharge page, and moves nothing', async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    const sender = await person({ balance: { diamond: 500 } });
    const trophy = await giftByAnimation('trophy');
    const body = { anchor_id: anchor.id, gift_id: trophy.id, count: 1, idempotency_key: key() };

    expect(await send(sender, body, 'zh-CN')).toMatchObject({ status: 10152, msg: '宝石不足，充值后即可送出该礼物。', data: { recharge: '/user-center/recharge' } });
    expect(await send(sender, { ...body, idempotency_key: key() })).toMatchObject({ status: 10152, msg: 'Not enough gems for this gift. Recharge to send it.' });
    expect(await readWallet(db, sender.id)).toEqual({ diamond: 500, gold: 0 });
    expect(await readAccountBalance(db, earningsAccount(anchor.id), 'diamond')).toBe(0);
  });

  it('refuses a gift to an anchor who is not live, to oneself, and a gift the brand does not offer', async () => {
    const idle = await person({ role: 'anchor' });
    const anchor = await liveAnchor();
    const sender = await person({ balance: { gold: 10_000 } });
    const whistle = await giftByAnimation('whistle');

    expect(await send(sender, { anchor_id: idle.id, gift_id: whistle.id, count: 1, idempotency_key: key() })).toMatchObject({ status: 1, msg: 'The anchor is not live, so gifts cannot be sent now.' });
    expect(await send(anchor, { anchor_id: anchor.id, gift_id: whistle.id, count: 1, idempotency_key: key() })).toMatchObject({ status: 1, msg: 'You cannot send gifts to yourself.' });
    expect(await send(sender, { anchor_id: anchor.id, gift_id: 2_000_000_000, count: 1, idempotency_key: key() })).toMatchObject({ status: 1, msg: 'This gift is not available.' });
    const viewer = await person();
    expect(await send(sender, { anchor_id: viewer.id, gift_id: whistle.id, count: 1, idempotency_key: key() })).toMatchObject({ status: 1, msg: 'This anchor does not exist.' });
    expect(await readWallet(await getDb(), sender.id)).toEqual({ diamond: 0, gold: 10_000 });
  });

  it('refuses counts that are not whole numbers from 1 to 9999, and a missing key, before anything moves', async () => {
    const anchor = await liveAnchor();
    const sender = await person({ balance: { gold: 10_000 } });
    const whistle = await giftByAnimation('whistle');
    const badCount = 'The number of gifts must be a whole number from 1 to 9999.';
    for (const count of [0, -1, 1.5, 2 ** 53, 2 ** 53 + 2, 10_000, '3']) {
      expect(await send(sender, { anchor_id: anchor.id, gift_id: whistle.id, count, idempotency_key: key() })).toMatchObject({ status: 1, msg: badCount, data: null });
    }
    expect(await send(sender, { anchor_id: anchor.id, gift_id: whistle.id, count: 1 })).toMatchObject({ status: 1, msg: 'The request needs an idempotency key.' });
    expect(await send(sender, { anchor_id: anchor.id, gift_id: whistle.id, count: 1, idempotency_key: 'a b' })).toMatchObject({ status: 1 });
    expect(await readWallet(await getDb(), sender.id)).toEqual({ diamond: 0, gold: 10_000 });
    // Visitors are asked to sign in.
    expect(await callRoute(giftSend, { body: { anchor_id: anchor.id, gift_id: whistle.id, count: 1, idempotency_key: key() } })).toMatchObject({ status: 2 });
  });

  it('executes 50 concurrent replays of one key once and gives each the same reply', async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    const sender = await person({ balance: { gold: 10_000 } });
    const football = await giftByAnimation('football');
    const body = { anchor_id: anchor.id, gift_id: football.id, count: 3, idempotency_key: key() };

    const replies = await Promise.all(Array.from({ length: 50 }, () => send(sender, body)));
    for (const reply of replies) expect(reply).toMatchObject({ status: 0, data: { bal: { diamond: 0, gold: 7_000 }, hit: 3 } });
    expect(await readWallet(db, sender.id)).toEqual({ diamond: 0, gold: 7_000 });
    const movements = await db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, `gift:${sender.id}:${body.idempotency_key}`));
    expect(movements).toHaveLength(1);
    const gifts = (await getBus().readBefore(liveRoomKey(anchor.id), undefined, 100)).filter((entry) => parseLogged(entry.frame).type === 'gift');
    expect(gifts).toHaveLength(1);

    // Spent down to nothing, a replay of the first key still gets its first reply, not a refusal.
    await send(sender, { ...body, count: 7, idempotency_key: key() });
    expect(await readWallet(db, sender.id)).toEqual({ diamond: 0, gold: 0 });
    expect(await send(sender, body)).toMatchObject({ status: 0, data: { bal: { diamond: 0, gold: 7_000 }, hit: 3 } });

    // The same key for another gift is refused, not replayed.
    expect(await send(sender, { ...body, count: 4 })).toMatchObject({ status: 1, msg: 'This request key was already used for a different request.' });
  });

  it('lets exactly 400 of 1 000 concurrent 1.00 gifts through a balance of 400.00, and the books balance', async () => {
    const db = await getDb();
    const anchor = await liveAnchor();
    const sender = await person({ balance: { gold: 40_000 } });
    const thumbs = await giftByAnimation('thumbs_up');

    const bodies = Array.from({ length: 1000 }, () => ({ anchor_id: anchor.id, gift_id: thumbs.id, count: 1, idempotency_key: key() }));
    let replies = await Promise.all(bodies.map((body) => send(sender, body)));
    // A loaded machine may turn some sends away as busy (a lock or a pooled connection waited too long); the client
    // sends those again with the same key (a busy reply wrote nothing). What must hold is the count, however they interleave.
    for (let round = 0; round < 20 && replies.some(isBusy); round += 1) {
      replies = await Promise.all(replies.map((reply, index) => (isBusy(reply) ? send(sender, bodies[index]) : reply)));
    }
    const statuses = replies.map((reply) => reply.status);
    // Every send is answered: paid, or refused for the balance (never an error).
    expect(replies.filter((reply) => reply.status !== 0 && reply.status !== 10152).map((reply) => reply.msg)).toEqual([]);
    expect(statuses.filter((status) => status === 0)).toHaveLength(400);
    expect(statuses.filter((status) => status === 10152)).toHaveLength(600);
    expect(await readWallet(db, sender.id)).toEqual({ diamond: 0, gold: 0 });

    await foldPendingEntries(db);
    expect(await readAccountBalance(db, earningsAccount(anchor.id), 'gold')).toBe(20_000);
    const [house] = await db
      .select({ total: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(like(ledgerTransactions.idempotencyKey, `gift:${sender.id}:%`), eq(ledgerEntries.account, systemAccounts.house)));
    expect(Number(house.total)).toBe(20_000);
    const report = await verifyLedger(db);
    expect(report.details).toEqual([]);
  }, 180_000);
});
