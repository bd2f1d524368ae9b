// The mall (spec §2.2 /mall, §6 VIP 1–3): the catalogue per brand, purchases as ledger movements (price to the
// house, items from the issuer), limited stock under 50 concurrent buyers, replays, refusals that move nothing,
// VIP extend / upgrade / refuse, the expiry job, and a fast-check model of purchases.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { POST as mallBuy } from '@/app/api/mall/buy/route';
import { GET as mallList } from '@/app/api/mall/list/route';
import { GET as getUserInfo } from '@/app/api/user/getUserInfo/route';
import { getDb } from '@/lib/db';
import { ledgerEntries, ledgerTransactions, mallItems, users, vipMemberships, type MallItem } from '@/lib/db/schema';
import { itemAsset, systemAccounts } from '@/lib/server/ledger/accounts';
import { readItemCount, readWallet } from '@/lib/server/ledger/balances';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { AppError } from '@/lib/server/http/errors';
import { buyMallItem } from '@/lib/server/mall/buy';
import { expireVipMemberships } from '@/lib/server/mall/vip';
import { createSession } from '@/lib/server/session/sessions';
import { mallBuyReply, mallListReply, type MallBuyReply, type MallList } from '@/lib/validation/mall';
import { userInfoSchema, type UserInfo } from '@/lib/validation/users';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';

beforeAll(() => getDb(), 60_000);

type Buyer = { id: number; credential: string };

/** A fresh account with a session and `diamond`/`gold` hundredths in its wallet. */
async function newBuyer(wallet: { diamond?: number; gold?: number } = {}): Promise<Buyer> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await db.insert(users).values({ id, mobile: `171${String(id).slice(-8)}`, nickName: `Buyer${id % 100_000}`, brandId: 'sportcast' });
  const { credential } = await createSession(db, id, `mall-${id}`);
  for (const currency of ['diamond', 'gold'] as const) {
    const amount = wallet[currency] ?? 0;
    if (amount > 0) await grantCurrency(db, { userId: id, currency, amount, idempotencyKey: `test:mall:${id}:${currency}`, note: 'mall test' });
  }
  return { id, credential };
}

/** A fresh item of the test brand; a bubble of colour 3 for 2 gems unless told otherwise. */
async function newItem(fields: Partial<typeof mallItems.$inferInsert> = {}): Promise<MallItem> {
  const db = await getDb();
  const [item] = await db
    .insert(mallItems)
    .values({
      brandId: 'sportcast', kind: 'item', itemType: 101, propsId: 3, price: 200, currency: 'diamond',
      name: { 'en-US': 'Test bubble', 'zh-CN': '测试气泡' }, description: { 'en-US': 'A test item.', 'zh-CN': '测试商品。' },
      ...fields,
    })
    .returning();
  return item;
}

const newKey = () => crypto.randomBytes(8).toString('hex');

function buy(buyer: Buyer, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return callRoute<MallBuyReply>(mallBuy, { credential: buyer.credential, body: { idempotency_key: newKey(), ...body }, headers });
}

async function experienceOf(userId: number): Promise<number> {
  const [row] = await (await getDb()).select({ experience: users.experience }).from(users).where(eq(users.id, userId));
  return row.experience;
}

describe('the catalogue', () => {
  it('lists the brand’s enabled items and the install-wide ones, in the caller’s language', async () => {
    const own = await newItem({ name: { 'en-US': 'Own bubble', 'zh-CN': '本站气泡' }, sortOrder: -100 });
    const foreign = await newItem({ brandId: 'qiuba' });
    const disabled = await newItem({ enabled: false });
    const reply = await callRoute<MallList>(mallList, { method: 'GET' });
    expect(reply.status).toBe(0);
    expectReplyShape(mallListReply, reply.data);
    const ids = reply.data.list.map((item) => item.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    expect(ids).not.toContain(disabled.id);
    // The seeded catalogue: a speaker, three bubbles, ticket packs and VIP 1–3 for 30 days.
    const tabs = new Set(reply.data.list.map((item) => item.tab));
    expect(tabs).toEqual(new Set(['props', 'vip', 'tickets']));
    expect(reply.data.list.filter((item) => item.kind === 'vip').map((item) => [item.vip_level, item.period_days])).toEqual(expect.arrayContaining([[1, 30], [2, 30], [3, 30]]));
    expect(reply.data.list.find((item) => item.item_type === 100)).toMatchObject({ tab: 'props', name: 'Speaker' });

    const zh = await callRoute<MallList>(mallList, { method: 'GET', headers: { lang: 'zh_cn' } });
    expect(zh.data.list.find((item) => item.id === own.id)?.name).toBe('本站气泡');
  });
});

describe('buying an item', () => {
  it('charges the price to the house, puts the items in the backpack and earns experience', async () => {
    const buyer = await newBuyer({ diamond: 10_000 });
    const item = await newItem({ price: 300, quantity: 2 });
    const before = await experienceOf(buyer.id);
    const reply = await buy(buyer, { item_id: item.id, count: 3 });
    expect(reply).toMatchObject({ status: 0 });
    expectReplyShape(mallBuyReply, reply.data);
    expect(reply.data.bal).toEqual({ diamond: 10_000 - 900, gold: 0 });
    expect(reply.data.backpack).toContainEqual({ type: 101, props_id: 3, quantity: 6 });
    expect(reply.data).toMatchObject({ vip_level: 0, vip_expires_at: 0 });
    expect(await experienceOf(buyer.id)).toBeGreaterThan(before);

    // One movement: the buyer pays the house and the issuer hands out the items; it sums to zero per asset.
    const db = await getDb();
    const [movement] = await db.select().from(ledgerTransactions).where(sql`${ledgerTransactions.userId} = ${buyer.id} AND ${ledgerTransactions.kind} = 'mall.purchase'`);
    const legs = await db.select({ account: ledgerEntries.account, asset: ledgerEntries.asset, amount: ledgerEntries.amount }).from(ledgerEntries).where(eq(ledgerEntries.transactionId, movement.id));
    expect(legs).toEqual(
      expect.arrayContaining([
        { account: `user:${buyer.id}`, asset: 'diamond', amount: -900 },
        { account: systemAccounts.house, asset: 'diamond', amount: 900 },
        { account: systemAccounts.issuer, asset: 'item:101:3', amount: -6 },
        { account: `user:${buyer.id}`, asset: 'item:101:3', amount: 6 },
      ]),
    );
    expect(legs).toHaveLength(4);
  });

  it('replays a retried purchase and refuses the key for another purchase; keys are the caller’s own', async () => {
    const buyer = await newBuyer({ diamond: 10_000 });
    const other = await newBuyer({ diamond: 10_000 });
    const item = await newItem();
    const key = newKey();
    const first = await buy(buyer, { item_id: item.id, count: 2, idempotency_key: key });
    const again = await buy(buyer, { item_id: item.id, count: 2, idempotency_key: key });
    expect(first.status).toBe(0);
    expect(again).toEqual(first);
    expect(await readItemCount(await getDb(), buyer.id, itemAsset(101, 3))).toBe(2);

    const reused = await buy(buyer, { item_id: item.id, count: 1, idempotency_key: key });
    expect(reused).toMatchObject({ status: 1, msg: 'This request key was already used for a different request.' });
    // Another user's purchase under the same key is theirs: it neither replays nor blocks the first buyer's.
    expect(await buy(other, { item_id: item.id, count: 1, idempotency_key: key })).toMatchObject({ status: 0, data: { bal: { diamond: 9_800 } } });
    expect((await readWallet(await getDb(), buyer.id)).diamond).toBe(9_600);
  });

  it('refuses what the wallet cannot pay with 10152 and the wallet’s message, moving nothing', async () => {
    const buyer = await newBuyer({ diamond: 500, gold: 100 });
    const item = await newItem({ price: 300 });
    expect(await buy(buyer, { item_id: item.id, count: 2 })).toMatchObject({ status: 10152, msg: 'Your gem balance is too low. Recharge to continue.' });
    expect(await buy(buyer, { item_id: item.id, count: 2 }, { lang: 'zh_cn' })).toMatchObject({ status: 10152, msg: '宝石余额不足，请充值后再试。' });
    const goldItem = await newItem({ price: 200, currency: 'gold' });
    expect(await buy(buyer, { item_id: goldItem.id, count: 1 })).toMatchObject({ status: 10152, msg: 'Your diamond balance is too low.' });
    const db = await getDb();
    expect(await readWallet(db, buyer.id)).toEqual({ diamond: 500, gold: 100 });
    expect(await readItemCount(db, buyer.id, itemAsset(101, 3))).toBe(0);
  });

  it.each([
    ['0', 0],
    ['-1', -1],
    ['1.5', 1.5],
    ['2^53', 2 ** 53],
    ['100 (above the limit)', 100],
    ['a string', '2'],
  ])('refuses %s as a count with a clear message', async (_name, count) => {
    const buyer = await newBuyer({ diamond: 10_000 });
    const item = await newItem();
    expect(await buy(buyer, { item_id: item.id, count })).toMatchObject({ status: 1, msg: 'The quantity must be a whole number from 1 to 99.', data: null });
    expect((await readWallet(await getDb(), buyer.id)).diamond).toBe(10_000);
  });

  it('refuses bad keys, disabled items, other brands’ items and unknown ones', async () => {
    const buyer = await newBuyer({ diamond: 10_000 });
    const disabled = await newItem({ enabled: false });
    const foreign = await newItem({ brandId: 'qiuba' });
    expect(await buy(buyer, { item_id: disabled.id, count: 1 })).toMatchObject({ status: 1, msg: 'This item is not on sale.' });
    expect(await buy(buyer, { item_id: foreign.id, count: 1 })).toMatchObject({ status: 1, msg: 'This item is not on sale.' });
    expect(await buy(buyer, { item_id: 999_999_999_999, count: 1 }, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '该商品未在售。' });
    expect(await buy(buyer, { item_id: disabled.id, count: 1, idempotency_key: 'short' })).toMatchObject({ status: 1, msg: 'The purchase key must be 8 to 64 letters, digits, - or _.' });
    expect((await readWallet(await getDb(), buyer.id)).diamond).toBe(10_000);
    // On the other brand's site it is on sale.
    expect(await buy(buyer, { item_id: foreign.id, count: 1 }, { host: 'qiuba.localhost' })).toMatchObject({ status: 0, data: { bal: { diamond: 9_800 } } });
  });

  it('needs a session', async () => {
    const item = await newItem();
    expect(await callRoute(mallBuy, { body: { item_id: item.id, count: 1, idempotency_key: newKey() } })).toMatchObject({ status: 2 });
  });
});

describe('limited stock', () => {
  it('sells exactly the stock to 50 buyers at once: 10 succeed, 40 hear it is sold out and keep their money', async () => {
    const item = await newItem({ stock: 10, price: 100 });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newBuyer({ diamond: 1_000 })));
    const replies = await Promise.all(buyers.map((buyer) => buy(buyer, { item_id: item.id, count: 1 })));
    const won = replies.filter((reply) => reply.status === 0);
    expect(won).toHaveLength(10);
    expect(replies.filter((reply) => reply.status !== 0).map((reply) => reply.msg)).toEqual(Array(40).fill('This item is sold out.'));
    const db = await getDb();
    const [row] = await db.select({ stock: mallItems.stock }).from(mallItems).where(eq(mallItems.id, item.id));
    expect(row.stock).toBe(0);
    const wallets = await Promise.all(buyers.map((buyer) => readWallet(db, buyer.id)));
    expect(wallets.filter((wallet) => wallet.diamond === 900)).toHaveLength(10);
    expect(wallets.filter((wallet) => wallet.diamond === 1_000)).toHaveLength(40);
    // The catalogue shows it sold out.
    const list = await callRoute<MallList>(mallList, { method: 'GET' });
    expect(list.data.list.find((entry) => entry.id === item.id)?.stock).toBe(0);
  }, 60_000);

  it('refuses a purchase larger than what is left and sells the rest', async () => {
    const buyer = await newBuyer({ diamond: 10_000 });
    const item = await newItem({ stock: 3 });
    expect(await buy(buyer, { item_id: item.id, count: 4 })).toMatchObject({ status: 1, msg: 'This item is sold out.' });
    expect(await buy(buyer, { item_id: item.id, count: 3 })).toMatchObject({ status: 0 });
    expect((await readWallet(await getDb(), buyer.id)).diamond).toBe(10_000 - 600);
  });
});

describe('VIP', () => {
  const dayMs = 86_400_000;

  it('starts, extends the same level, upgrades from now and refuses a lower level while a higher one lasts', async () => {
    const buyer = await newBuyer({ diamond: 1_000_000 });
    const vip1 = await newItem({ kind: 'vip', itemType: null, vipLevel: 1, periodDays: 30, price: 30_000 });
    const vip2 = await newItem({ kind: 'vip', itemType: null, vipLevel: 2, periodDays: 30, price: 80_000 });
    const start = Date.now();
    const first = await buy(buyer, { item_id: vip1.id, count: 1 });
    expect(first).toMatchObject({ status: 0, data: { vip_level: 1 } });
    expectReplyShape(mallBuyReply, first.data);
    expect(first.data.vip_expires_at * 1000).toBeGreaterThanOrEqual(start + 30 * dayMs - 2_000);
    expect(first.data.vip_expires_at * 1000).toBeLessThanOrEqual(Date.now() + 30 * dayMs + 1_000);
    // VIP is no item: the backpack stays empty.
    expect(first.data.backpack).toEqual([]);

    const extended = await buy(buyer, { item_id: vip1.id, count: 2 });
    expect(extended.data).toMatchObject({ vip_level: 1, vip_expires_at: first.data.vip_expires_at + 60 * 86_400 });

    const upgraded = await buy(buyer, { item_id: vip2.id, count: 1 });
    expect(upgraded.data.vip_level).toBe(2);
    expect(Math.abs(upgraded.data.vip_expires_at * 1000 - (Date.now() + 30 * dayMs))).toBeLessThan(5_000);

    const refused = await buy(buyer, { item_id: vip1.id, count: 1 });
    expect(refused).toMatchObject({ status: 1, msg: 'You are VIP 2 already: a lower level cannot be bought until it ends.' });
    expect(await buy(buyer, { item_id: vip1.id, count: 1 }, { lang: 'zh_cn' })).toMatchObject({ msg: '你当前是 VIP 2，到期前无法购买更低等级。' });
    expect((await readWallet(await getDb(), buyer.id)).diamond).toBe(1_000_000 - 3 * 30_000 - 80_000);

    // users.vip_level followed, and the user info carries the expiry.
    const info = await callRoute<UserInfo>(getUserInfo, { method: 'GET', credential: buyer.credential });
    expectReplyShape(userInfoSchema, info.data);
    expect(info.data).toMatchObject({ vip_level: 2, vip_expires_at: upgraded.data.vip_expires_at });
  });

  it('lets a lapsed member buy any level again', async () => {
    const buyer = await newBuyer({ diamond: 1_000_000 });
    const vip3 = await newItem({ kind: 'vip', itemType: null, vipLevel: 3, periodDays: 30, price: 1_000 });
    const vip1 = await newItem({ kind: 'vip', itemType: null, vipLevel: 1, periodDays: 7, price: 1_000 });
    await buy(buyer, { item_id: vip3.id, count: 1 });
    const db = await getDb();
    await db.update(vipMemberships).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(vipMemberships.userId, buyer.id));
    const reply = await buy(buyer, { item_id: vip1.id, count: 1 });
    expect(reply.data.vip_level).toBe(1);
    expect(Math.abs(reply.data.vip_expires_at * 1000 - (Date.now() + 7 * dayMs))).toBeLessThan(5_000);
  });

  it('the expiry job ends lapsed memberships and sets the level back to 0, leaving current ones alone', async () => {
    const lapsed = await newBuyer({ diamond: 100_000 });
    const current = await newBuyer({ diamond: 100_000 });
    const vip2 = await newItem({ kind: 'vip', itemType: null, vipLevel: 2, periodDays: 30, price: 1_000 });
    await buy(lapsed, { item_id: vip2.id, count: 1 });
    await buy(current, { item_id: vip2.id, count: 1 });
    const db = await getDb();
    await db.update(vipMemberships).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(vipMemberships.userId, lapsed.id));

    const ended = await expireVipMemberships(db);
    expect(ended).toContain(lapsed.id);
    expect(ended).not.toContain(current.id);
    const levels = await db.select({ id: users.id, vipLevel: users.vipLevel }).from(users).where(sql`${users.id} IN (${lapsed.id}, ${current.id})`);
    expect(Object.fromEntries(levels.map((row) => [row.id, row.vipLevel]))).toEqual({ [lapsed.id]: 0, [current.id]: 2 });
    expect(await db.select().from(vipMemberships).where(eq(vipMemberships.userId, lapsed.id))).toEqual([]);
    const info = await callRoute<UserInfo>(getUserInfo, { method: 'GET', credential: lapsed.credential });
    expect(info.data).toMatchObject({ vip_level: 0, vip_expires_at: 0 });
  });
});

describe('purchases as a model (fast-check)', () => {
  type Op = { buyer: number; item: number; count: number; key: number };
  const buyersPerRun = 3;

  it('keeps stock and balances at what a simple model says, never below zero, one by one and all at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ buyer: fc.nat(buyersPerRun - 1), item: fc.nat(1), count: fc.integer({ min: 1, max: 4 }), key: fc.nat(5) }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        async (ops: Op[], stock, atOnce) => {
          const buyers = await Promise.all(Array.from({ length: buyersPerRun }, () => newBuyer({ diamond: 1_000 })));
          const items = [await newItem({ price: 150, stock }), await newItem({ price: 70, propsId: 4 })];
          const db = await getDb();
          const run = async (op: Op) => {
            try {
              await buyMallItem(db, { userId: buyers[op.buyer].id, brandId: 'sportcast', itemId: items[op.item].id, count: op.count, clientKey: `k${op.key}` });
              return true;
            } catch (error) {
              if (error instanceof AppError) return false;
              throw error;
            }
          };
          const outcomes = atOnce ? await Promise.all(ops.map(run)) : await sequence(ops, run);

          const [stockRow] = await db.select({ stock: mallItems.stock }).from(mallItems).where(eq(mallItems.id, items[0].id));
          expect(stockRow.stock).toBeGreaterThanOrEqual(0);

          // The model: per buyer a wallet and item counts, the first item's stock, and each key's first purchase
          // (keys are the buyer's own). A stored key replays its own purchase and refuses any other.
          const wallet = buyers.map(() => 1_000);
          const held = buyers.map(() => [0, 0]);
          let left = stock;
          const stored = new Map<string, Op>();
          const expected = ops.map((op) => {
            const first = stored.get(`${op.buyer}:${op.key}`);
            if (first) return first.item === op.item && first.count === op.count;
            const cost = items[op.item].price * op.count;
            if (wallet[op.buyer] < cost || (op.item === 0 && left < op.count)) return false;
            stored.set(`${op.buyer}:${op.key}`, op);
            wallet[op.buyer] -= cost;
            held[op.buyer][op.item] += op.count;
            if (op.item === 0) left -= op.count;
            return true;
          });
          if (!atOnce) {
            expect(outcomes).toEqual(expected);
            expect(stockRow.stock).toBe(left);
          }

          let soldOfFirst = 0;
          for (const [index, buyer] of buyers.entries()) {
            const balance = (await readWallet(db, buyer.id)).diamond;
            const first = await readItemCount(db, buyer.id, itemAsset(101, 3));
            const second = await readItemCount(db, buyer.id, itemAsset(101, 4));
            expect(balance).toBeGreaterThanOrEqual(0);
            // In any order, money and items match: what was paid is the price of what was received.
            expect(1_000 - balance).toBe(first * 150 + second * 70);
            soldOfFirst += first;
            if (!atOnce) expect({ balance, first, second }).toEqual({ balance: wallet[index], first: held[index][0], second: held[index][1] });
          }
          expect(soldOfFirst + (stockRow.stock ?? 0)).toBe(stock);
        },
      ),
      { numRuns: 20 },
    );
  }, 240_000);
});

async function sequence<T, R>(list: readonly T[], run: (value: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const value of list) results.push(await run(value));
  return results;
}
