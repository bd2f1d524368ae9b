// The lottery (docs/lottery.md): a draw spends one chance and pays its prize through the ledger, the same key draws
// once, stock never goes below zero with 40 draws at once, no chance means no draw, the operator commands, and a brand
// with a prize table of its own drawing from it while the others draw from the default one.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { POST as drawRoute } from '@/app/api/lottery/draw/route';
import { POST as historyRoute } from '@/app/api/lottery/history/route';
import { POST as infoRoute } from '@/app/api/lottery/info/route';
import { getDb } from '@/lib/db';
import { lotteryPrizes, users } from '@/lib/db/schema';
import { grantItems } from '@/lib/server/ledger/grants';
import { foldPendingEntries } from '@/lib/server/ledger/fold';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { readItemCount, readWallet } from '@/lib/server/ledger/balances';
import { setAppConfigValue } from '@/lib/server/config/app-config';
import { lotteryChanceAsset } from '@/lib/server/lottery/lottery';
import { createSession } from '@/lib/server/session/sessions';
import { lotteryDrawReply, lotteryHistoryReply, lotteryInfoReply, type LotteryDrawReply, type LotteryHistory, type LotteryInfo } from '@/lib/validation/lottery';
import { callRoute } from '@/tests/support/call-route';
import { runOpsCommand } from '@/tests/support/ops';
import { expectReplyShape } from '@/tests/support/reply-shape';

type Person = { id: number; credential: string; mobile: string };

beforeAll(() => getDb(), 60_000);

async function person(chances = 0): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  const mobile = `177${String(id).slice(-8)}`;
  await db.insert(users).values({ id, mobile, nickName: `Lucky${id % 100_000}`, brandId: 'sportcast' });
  if (chances > 0) await grantItems(db, { userId: id, asset: lotteryChanceAsset, count: chances, idempotencyKey: `test:lottery:${id}`, note: 'test' });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential, mobile };
}

const draw = (who: Person, key: string = crypto.randomUUID(), lang?: string) =>
  callRoute<LotteryDrawReply>(drawRoute, { credential: who.credential, body: { idempotency_key: key }, headers: lang ? { lang } : {} });

/** Only the given prize of the default table can be won (the others switched off) for the test's length. */
async function onlyPrize(name: string, changes: Partial<typeof lotteryPrizes.$inferInsert> = {}) {
  const db = await getDb();
  const prizes = await db.select().from(lotteryPrizes);
  const chosen = prizes.find((prize) => prize.name['en-US'] === name && prize.brandId === null);
  if (!chosen) throw new Error(`no prize ${name}`);
  for (const prize of prizes) await db.update(lotteryPrizes).set(prize.id === chosen.id ? { enabled: true, ...changes } : { enabled: false }).where(eq(lotteryPrizes.id, prize.id));
  return async () => {
    for (const prize of prizes) await db.update(lotteryPrizes).set({ enabled: prize.enabled, stock: prize.stock }).where(eq(lotteryPrizes.id, prize.id));
  };
}

async function expectBooksClean() {
  const db = await getDb();
  while ((await foldPendingEntries(db)) > 0);
  expect((await verifyLedger(db)).mismatches).toBe(0);
}

describe('the lottery', () => {
  it('shows the table with exact chances that add up to 100 %, and the caller’s chances', async () => {
    const who = await person(3);
    const info = await callRoute<LotteryInfo>(infoRoute, { credential: who.credential });
    expectReplyShape(lotteryInfoReply, info.data);
    expect(info.data.chances).toBe(3);
    expect(info.data.prizes.map((prize) => prize.name)).toContain('Try again');
    const sum = info.data.prizes.reduce((total, prize) => total + prize.probability, 0);
    expect(Math.abs(sum - 100)).toBeLessThan(0.05);
  });

  it('spends one chance and pays the prize through the ledger; the same key draws once', async () => {
    const restore = await onlyPrize('10.00 diamonds');
    try {
      const who = await person(2);
      const key = crypto.randomUUID();
      const first = await draw(who, key);
      expect(first.status).toBe(0);
      expectReplyShape(lotteryDrawReply, first.data);
      expect(first.data).toMatchObject({ prize: { name: '10.00 diamonds', kind: 'gold', quantity: 1_000 }, chances: 1, bal: { gold: 1_000 } });
      const again = await draw(who, key);
      expect(again.data.draw_id).toBe(first.data.draw_id);
      expect(await readItemCount(await getDb(), who.id, lotteryChanceAsset)).toBe(1);
      expect((await readWallet(await getDb(), who.id)).gold).toBe(1_000);
      const history = await callRoute<LotteryHistory>(historyRoute, { credential: who.credential, body: { page: 1 } });
      expectReplyShape(lotteryHistoryReply, history.data);
      expect(history.data.list).toEqual([expect.objectContaining({ draw_id: first.data.draw_id, prize_name: '10.00 diamonds' })]);
    } finally {
      await restore();
    }
    await expectBooksClean();
  });

  it('never takes stock below zero: 40 draws at once for 5 tickets give exactly 5, the rest are told it is over', async () => {
    const restore = await onlyPrize('A viewing ticket', { stock: 5 });
    try {
      const players = await Promise.all(Array.from({ length: 40 }, () => person(1)));
      const replies = await Promise.all(players.map((who) => draw(who)));
      expect(replies.filter((reply) => reply.status === 0)).toHaveLength(5);
      expect(replies.filter((reply) => reply.status !== 0).every((reply) => reply.msg === 'Every prize has been won. Come back later.')).toBe(true);
      const [prize] = await (await getDb()).select().from(lotteryPrizes).where(eq(lotteryPrizes.name, { 'en-US': 'A viewing ticket', 'zh-CN': '观赛券 1 张' }));
      expect(prize.stock).toBe(0);
      // The losers kept their chance: nothing was taken for a draw that did not happen.
      const db = await getDb();
      const chances = await Promise.all(players.map((who) => readItemCount(db, who.id, lotteryChanceAsset)));
      expect(chances.filter((count) => count === 1)).toHaveLength(35);
    } finally {
      await restore();
    }
    await expectBooksClean();
  });

  it('refuses a draw with no chance, in the user’s language, and bad input', async () => {
    const who = await person();
    expect(await draw(who)).toMatchObject({ status: 1, msg: 'You have no lottery chance left. Check in daily to win more.' });
    expect(await draw(who, crypto.randomUUID(), 'zh_cn')).toMatchObject({ status: 1, msg: '您没有抽奖次数了，每日签到可获得更多。' });
    expect(await draw(who, 'bad key!')).toMatchObject({ status: 1, msg: 'The draw could not be identified; try again.' });
    expect((await callRoute(drawRoute, { body: { idempotency_key: 'k' } })).status).not.toBe(0);
  });

  it('is closed on a brand whose lottery_switch is off', async () => {
    const who = await person(1);
    expect(await callRoute(drawRoute, { credential: who.credential, body: { idempotency_key: 'closed' }, host: 'zh.localhost:3000' })).toMatchObject({ status: 1, msg: '本站暂未开放幸运抽奖。' });
    expect(await readItemCount(await getDb(), who.id, lotteryChanceAsset)).toBe(1);
  });

  it('lets operators list the table, change a prize and give chances', async () => {
    const who = await person();
    const listed = await runOpsCommand('lottery:prizes');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/Try again: weight 500 \(\d+(\.\d+)?%\), stock unlimited/);
    const id = /#(\d+) 50\.00 gems/.exec(listed.out)?.[1] ?? '0';
    expect(await runOpsCommand('lottery:set', id, '--stock', '7')).toMatchObject({ code: 0, out: expect.stringContaining('stock 7') });
    expect(await runOpsCommand('lottery:set', id, '--weight', '0')).toMatchObject({ code: 1, err: expect.stringContaining('The weight is a whole number from 1') });
    expect(await runOpsCommand('lottery:set', '99999', '--stock', '1')).toMatchObject({ code: 1, err: 'There is no prize #99999.' });
    expect(await runOpsCommand('lottery:chances', who.mobile, '3')).toMatchObject({ code: 0, out: expect.stringContaining('now has 3 lottery chances') });
  });
});

describe('prize tables per brand', () => {
  const qiuba = 'zh.localhost:3000';
  const idOf = (listing: string, name: string) => Number(new RegExp(`#(\\d+) ${name}:`).exec(listing)?.[1] ?? 0);

  beforeAll(async () => {
    await setAppConfigValue(await getDb(), 'qiuba', 'lottery_switch', 1);
  });
  afterAll(async () => {
    await setAppConfigValue(await getDb(), 'qiuba', 'lottery_switch', 0);
  });

  it('draws from a brand’s own table, the others from the default one; stock is kept per prize', async () => {
    const defaults = await runOpsCommand('lottery:prizes', '--brand', 'qiuba');
    expect(defaults.out).toMatch(/^qiuba: the default table \(no table of its own\)\n#\d+ 50\.00 gems/);
    const defaultGems = idOf(defaults.out, '50\\.00 gems');
    const defaultStock = (await (await getDb()).select().from(lotteryPrizes).where(eq(lotteryPrizes.id, defaultGems)))[0].stock;

    // The first change for qiuba copies the default table; the change lands on qiuba's copy.
    const first = await runOpsCommand('lottery:set', String(defaultGems), '--brand', 'qiuba', '--stock', '1');
    expect(first).toMatchObject({ code: 0, out: expect.stringMatching(new RegExp(`^Prize #\\d+ \\(qiuba's copy of #${defaultGems}\\) 50\\.00 gems on qiuba: weight 5, stock 1, drawn\\.$`)) });
    const own = await runOpsCommand('lottery:prizes', '--brand', 'qiuba');
    expect(own.out).toMatch(/^qiuba: its own table\n/);
    const gems = idOf(own.out, '50\\.00 gems');
    expect(gems).not.toBe(defaultGems);
    // Only the gems are drawn on qiuba.
    for (const line of own.out.split('\n').slice(1)) {
      const id = Number(/^#(\d+)/.exec(line)?.[1]);
      if (id !== gems) expect((await runOpsCommand('lottery:set', String(id), '--brand', 'qiuba', '--enabled', '0')).code).toBe(0);
    }
    expect(await runOpsCommand('lottery:prizes')).toMatchObject({ out: expect.stringMatching(/^The default table \(qiuba draw from their own\):\n/) });
    // The default prize's id, named again for qiuba, reaches qiuba's copy of it; the default keeps its weight.
    expect(await runOpsCommand('lottery:set', String(defaultGems), '--brand', 'qiuba', '--weight', '9')).toMatchObject({
      code: 0,
      out: `Prize #${gems} (qiuba's copy of #${defaultGems}) 50.00 gems on qiuba: weight 9, stock 1, drawn.`,
    });
    expect((await (await getDb()).select().from(lotteryPrizes).where(eq(lotteryPrizes.id, defaultGems)))[0].weight).toBe(5);
    expect(await runOpsCommand('lottery:set', '999999', '--brand', 'qiuba', '--weight', '9')).toMatchObject({
      code: 1,
      err: 'There is no prize #999999 in the table qiuba draws from (npm run ops -- lottery:prizes --brand qiuba).',
    });

    const who = await person(3);
    const there = await callRoute<LotteryInfo>(infoRoute, { credential: who.credential, host: qiuba });
    expectReplyShape(lotteryInfoReply, there.data);
    expect(there.data.prizes).toEqual([expect.objectContaining({ prize_id: gems, name: '50 宝石', probability: 100, stock: 1 })]);
    const here = await callRoute<LotteryInfo>(infoRoute, { credential: who.credential });
    expect(here.data.prizes.map((prize) => prize.prize_id)).toContain(defaultGems);
    expect(here.data.prizes.map((prize) => prize.name)).toContain('Try again');

    const won = await callRoute<LotteryDrawReply>(drawRoute, { credential: who.credential, host: qiuba, body: { idempotency_key: crypto.randomUUID() } });
    expect(won.data).toMatchObject({ prize: { prize_id: gems, kind: 'diamond', quantity: 5_000 }, chances: 2, bal: { diamond: 5_000 } });
    // qiuba's one in stock is gone; the default table's gems are untouched.
    expect(await callRoute(drawRoute, { credential: who.credential, host: qiuba, body: { idempotency_key: crypto.randomUUID() }, headers: { lang: 'en' } })).toMatchObject({
      status: 1,
      msg: 'Every prize has been won. Come back later.',
    });
    const stocks = await (await getDb()).select({ id: lotteryPrizes.id, stock: lotteryPrizes.stock }).from(lotteryPrizes);
    expect(stocks.find((prize) => prize.id === gems)?.stock).toBe(0);
    expect(stocks.find((prize) => prize.id === defaultGems)?.stock).toBe(defaultStock);
    // The default brand still draws from the default table.
    const restore = await onlyPrize('10.00 diamonds');
    try {
      const drawn = await draw(who);
      expect(drawn.data).toMatchObject({ prize: { name: '10.00 diamonds', probability: 100 }, chances: 1 });
      expect(stocks.map((prize) => prize.id)).toContain(drawn.data.prize.prize_id);
    } finally {
      await restore();
    }
    await expectBooksClean();
  });

  it('refuses an unknown brand with the list of brands', async () => {
    for (const argv of [['lottery:prizes', '--brand', 'nope'], ['lottery:set', '1', '--brand', 'nope', '--weight', '3']]) {
      expect(await runOpsCommand(...argv)).toMatchObject({ code: 1, err: 'Unknown brand "nope". Use one of: sportcast, qiuba.' });
    }
  });
});

