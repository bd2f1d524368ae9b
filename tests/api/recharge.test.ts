// Recharge with the sandbox provider (docs/recharge.md): packages per brand, orders, the hosted checkout's Pay and
// Fail, and callbacks that are verified, deduplicated, matched in amount and currency and credited exactly once,
// even ten at a time or out of order; a refund after spending leaves a debt the next recharge pays off.
import { and, eq } from 'drizzle-orm';
import { POST as orderRoute } from '@/app/api/recharge/order/route';
import { POST as ordersRoute } from '@/app/api/recharge/orders/route';
import { POST as packagesRoute } from '@/app/api/recharge/packages/route';
import { POST as sandboxComplete } from '@/app/api/recharge/sandbox/complete/route';
import { POST as walletHistory } from '@/app/api/wallet/history/route';
import { getDb } from '@/lib/db';
import { ledgerTransactions, rechargeEvents } from '@/lib/db/schema';
import { systemAccounts, userAccount } from '@/lib/server/ledger/accounts';
import { postMovement } from '@/lib/server/ledger/post';
import { verifyLedger } from '@/lib/server/ledger/verify';
import { sandboxCallback, sandboxSignatureHeader, signSandboxCallback } from '@/lib/server/recharge/providers/sandbox';
import type { ProviderEventKind } from '@/lib/server/recharge/provider';
import {
  createOrderReply,
  orderSchema,
  ordersReply,
  packagesReply,
  sandboxCompleteReply,
  walletHistoryReply,
  type OrderItem,
  type OrdersReply,
  type PackagesReply,
  type SandboxCompleteReply,
  type WalletHistory,
} from '@/lib/validation/recharge';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { accountWithRole, type Account } from './live-helpers';
import { createOrder, deliverCallback, eventsOf, gems, orderRow, owed, packageOf } from './recharge-helpers';

beforeAll(() => getDb(), 60_000);

type Pack = NonNullable<Awaited<ReturnType<typeof packageOf>>>;
let pack: Pack;

beforeAll(async () => {
  const found = await packageOf('sportcast', 1);
  if (!found) throw new Error('no seeded package');
  pack = found;
});

const total = () => pack.diamond + pack.bonus;

async function newOrder(account: Account): Promise<number> {
  const created = await createOrder(account.credential, { package_id: pack.id, provider: 'sandbox' });
  expect(created).toMatchObject({ status: 0 });
  return created.data.order_id;
}

/** A callback as the sandbox provider signs it; `change` alters the body after the event is made. */
function signedCallback(order: { id: number; priceMinor: number; currency: string }, type: ProviderEventKind, change: Record<string, unknown> = {}) {
  const body = JSON.stringify({ ...sandboxCallback(order, type), ...change });
  return { body, headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signSandboxCallback(body) } };
}

async function deliver(orderId: number, type: ProviderEventKind, change: Record<string, unknown> = {}) {
  const callback = signedCallback(await orderRow(orderId), type, change);
  return deliverCallback('sandbox', callback.body, callback.headers);
}

async function spend(userId: number, amount: number, key: string): Promise<void> {
  await postMovement(
    await getDb(),
    {
      idempotencyKey: key,
      kind: 'gift',
      body: { userId, amount },
      userId,
      legs: [
        { account: userAccount(userId), asset: 'diamond', amount: -amount },
        { account: systemAccounts.house, asset: 'diamond', amount },
      ],
    },
    async () => null,
  );
}

describe('packages', () => {
  it('lists the brand’s packages in its currency with the providers it offers', async () => {
    const reply = await callRoute<PackagesReply>(packagesRoute, { body: {} });
    expect(reply.status).toBe(0);
    expectReplyShape(packagesReply, reply.data);
    expect(reply.data.currency).toBe('USD');
    // Stripe is listed for the brand but has no settings in this test: only the sandbox is offered.
    expect(reply.data.providers).toEqual(['sandbox']);
    expect(reply.data.list.length).toBeGreaterThan(3);
    expect(reply.data.list.every((item) => item.currency === 'USD' && item.price > 0 && item.diamond > 0)).toBe(true);
  });

  it('prices the Chinese brand in yuan', async () => {
    const reply = await callRoute<PackagesReply>(packagesRoute, { body: {}, host: 'qiuba.example' });
    expect(reply.data).toMatchObject({ currency: 'CNY', providers: ['sandbox'] });
    expect(reply.data.list[0]).toMatchObject({ currency: 'CNY', price: 600, diamond: 6000 });
  });
});

describe('orders', () => {
  let viewer: Account;
  beforeAll(async () => {
    viewer = await accountWithRole('1371');
  });

  it('refuses a package of another brand, a provider not offered, and bad input, in the user’s language', async () => {
    const qiubaPack = await packageOf('qiuba', 0);
    expect(await createOrder(viewer.credential, { package_id: qiubaPack!.id, provider: 'sandbox' })).toMatchObject({ status: 1, msg: 'That recharge package is not on sale. Choose another one.' });
    expect(await createOrder(viewer.credential, { package_id: pack.id, provider: 'alipay' })).toMatchObject({ status: 1, msg: 'This payment method is not available here. Choose another one.' });
    expect(await createOrder(viewer.credential, { package_id: pack.id, provider: 'paypal' })).toMatchObject({ status: 1, msg: 'Choose a payment method.' });
    expect(await createOrder(viewer.credential, { provider: 'sandbox' }, 'qiuba.example')).toMatchObject({ status: 1, msg: '请选择充值套餐。' });
  });

  it('needs a session', async () => {
    expect(await callRoute(orderRoute, { body: { order_id: 1 } })).toMatchObject({ status: 2 });
  });

  it('opens the sandbox checkout, pays on Pay, credits the package and its bonus once, and lists the order', async () => {
    const created = await createOrder(viewer.credential, { package_id: pack.id, provider: 'sandbox' });
    expectReplyShape(createOrderReply, created.data);
    expect(created.data.redirect_url).toBe(`/pay/sandbox/${created.data.order_id}`);
    const before = await gems(viewer.id);

    const pending = await callRoute<OrderItem>(orderRoute, { credential: viewer.credential, body: { order_id: created.data.order_id } });
    expectReplyShape(orderSchema, pending.data);
    expect(pending.data).toMatchObject({ status: 'pending', price: pack.priceMinor, currency: 'USD', diamond: pack.diamond, bonus: pack.bonus, provider: 'sandbox', paid_at: null });

    const paid = await callRoute<SandboxCompleteReply>(sandboxComplete, { credential: viewer.credential, body: { order_id: created.data.order_id, outcome: 'paid' } });
    expect(paid.status).toBe(0);
    expectReplyShape(sandboxCompleteReply, paid.data);
    expect(paid.data.order.status).toBe('paid');
    expect(paid.data.return_url).toBe(`/user-center/rechargeHistory?order=${created.data.order_id}`);
    expect(await gems(viewer.id)).toBe(before + total());

    // The books say what was paid for and what was given.
    const [movement] = await (await getDb()).select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, `recharge:${created.data.order_id}`));
    expect(movement.kind).toBe('recharge');

    const again = await callRoute(sandboxComplete, { credential: viewer.credential, body: { order_id: created.data.order_id, outcome: 'paid' } });
    expect(again).toMatchObject({ status: 1, msg: 'This order is no longer waiting for payment.' });
    expect(await gems(viewer.id)).toBe(before + total());

    const list = await callRoute<OrdersReply>(ordersRoute, { credential: viewer.credential, body: { page: 1 } });
    expectReplyShape(ordersReply, list.data);
    expect(list.data.list[0]).toMatchObject({ order_id: created.data.order_id, status: 'paid' });
    expect(list.data.list[0].paid_at).toEqual(expect.any(Number));

    const income = await callRoute<WalletHistory>(walletHistory, { credential: viewer.credential, body: { kind: 'income', page: 1 } });
    expectReplyShape(walletHistoryReply, income.data);
    expect(income.data.list[0]).toMatchObject({ kind: 'recharge', asset: 'diamond', amount: total(), value: total() / 100 });
  });

  it('shows a failed payment as failed and credits nothing', async () => {
    const orderId = await newOrder(viewer);
    const before = await gems(viewer.id);
    const failed = await callRoute<SandboxCompleteReply>(sandboxComplete, { credential: viewer.credential, body: { order_id: orderId, outcome: 'failed' } });
    expect(failed.data.order.status).toBe('failed');
    expect(await gems(viewer.id)).toBe(before);
  });

  it('keeps another user’s order from the caller', async () => {
    const other = await accountWithRole('1371');
    const orderId = await newOrder(viewer);
    expect(await callRoute(orderRoute, { credential: other.credential, body: { order_id: orderId } })).toMatchObject({ status: 1, msg: 'That order was not found.' });
    expect(await callRoute(sandboxComplete, { credential: other.credential, body: { order_id: orderId, outcome: 'paid' } })).toMatchObject({ status: 1, msg: 'That order was not found.' });
    expect((await orderRow(orderId)).status).toBe('pending');
  });

  it('limits how many checkouts one user opens in a short time', async () => {
    const buyer = await accountWithRole('1371');
    for (let index = 0; index < 10; index += 1) await newOrder(buyer);
    const refused = await createOrder(buyer.credential, { package_id: pack.id, provider: 'sandbox' });
    expect(refused).toMatchObject({ status: 1 });
    expect(refused.msg).toMatch(/^You have started many recharges in a short time\. Try again in \d+ min\.$/);
  });
});

describe('callbacks', () => {
  let viewer: Account;
  beforeAll(async () => {
    viewer = await accountWithRole('1372');
  });

  it('refuse a bad signature without recording anything', async () => {
    const orderId = await newOrder(viewer);
    const callback = signedCallback(await orderRow(orderId), 'paid');
    const forged = callback.body.replace(`"amount":${pack.priceMinor}`, `"amount":${pack.priceMinor * 100}`);
    expect(forged).not.toBe(callback.body);
    expect(await deliverCallback('sandbox', forged, callback.headers)).toMatchObject({ status: 400 });
    expect(await deliverCallback('sandbox', callback.body, { ...callback.headers, [sandboxSignatureHeader]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` })).toMatchObject({ status: 400 });
    expect(await deliverCallback('sandbox', callback.body, { 'content-type': 'application/json' })).toMatchObject({ status: 400 });
    const stale = signSandboxCallback(callback.body, Math.floor(Date.now() / 1000) - 3600);
    expect(await deliverCallback('sandbox', callback.body, { ...callback.headers, [sandboxSignatureHeader]: stale })).toMatchObject({ status: 400 });
    expect(await eventsOf(orderId)).toEqual([]);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await gems(viewer.id)).toBe(0);
  });

  it('refuse a wrong amount and a wrong currency, and record why', async () => {
    const orderId = await newOrder(viewer);
    expect(await deliver(orderId, 'paid', { amount: pack.priceMinor - 1 })).toMatchObject({ status: 200 });
    expect(await deliver(orderId, 'paid', { currency: 'CNY' })).toMatchObject({ status: 200 });
    expect((await eventsOf(orderId)).map((event) => [event.outcome, event.reason])).toEqual([
      ['refused', 'amountMismatch'],
      ['refused', 'currencyMismatch'],
    ]);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await gems(viewer.id)).toBe(0);
  });

  it('refuse an order of no one', async () => {
    const callback = signedCallback({ id: 987_654_321, priceMinor: 99, currency: 'USD' }, 'paid');
    expect(await deliverCallback('sandbox', callback.body, callback.headers)).toMatchObject({ status: 200 });
    const [event] = await (await getDb()).select().from(rechargeEvents).where(eq(rechargeEvents.orderId, 987_654_321));
    expect(event).toMatchObject({ outcome: 'refused', reason: 'unknownOrder' });
  });

  it('credit once when the same callback arrives ten times at once', async () => {
    const buyer = await accountWithRole('1372');
    const orderId = await newOrder(buyer);
    const callback = signedCallback(await orderRow(orderId), 'paid');
    const deliveries = await Promise.all(Array.from({ length: 10 }, () => deliverCallback('sandbox', callback.body, callback.headers)));
    expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
    expect(await gems(buyer.id)).toBe(total());
    expect(await eventsOf(orderId)).toHaveLength(1);
    expect((await orderRow(orderId)).status).toBe('paid');
  });

  it('credit once when ten different paid events for one order arrive at once', async () => {
    const buyer = await accountWithRole('1372');
    const orderId = await newOrder(buyer);
    const order = await orderRow(orderId);
    const callbacks = Array.from({ length: 10 }, () => signedCallback(order, 'paid'));
    await Promise.all(callbacks.map((callback) => deliverCallback('sandbox', callback.body, callback.headers)));
    expect(await gems(buyer.id)).toBe(total());
    const outcomes = (await eventsOf(orderId)).map((event) => event.outcome).sort();
    expect(outcomes).toEqual(['applied', ...Array(9).fill('duplicate')]);
  });

  it('let a payment that arrives after a failure still credit, and never move a paid order back to failed', async () => {
    const buyer = await accountWithRole('1372');
    const orderId = await newOrder(buyer);
    await deliver(orderId, 'failed');
    expect((await orderRow(orderId)).status).toBe('failed');
    await deliver(orderId, 'paid');
    expect((await orderRow(orderId)).status).toBe('paid');
    await deliver(orderId, 'failed');
    expect((await orderRow(orderId)).status).toBe('paid');
    expect(await gems(buyer.id)).toBe(total());
    expect((await eventsOf(orderId)).map((event) => event.outcome)).toEqual(['applied', 'applied', 'ignored']);
  });

  it('take a refund back from what is left, book the rest as debt, and let the next recharge pay it off', async () => {
    const buyer = await accountWithRole('1373');
    const first = await newOrder(buyer);
    await deliver(first, 'paid');
    const spent = total() - 1000;
    await spend(buyer.id, spent, `test.spend:${buyer.id}`);
    expect(await gems(buyer.id)).toBe(1000);

    await deliver(first, 'refunded');
    expect((await orderRow(first)).status).toBe('refunded');
    expect(await gems(buyer.id)).toBe(0);
    expect(await owed(buyer.id)).toBe(spent);
    const packages = await callRoute<PackagesReply>(packagesRoute, { credential: buyer.credential, body: {} });
    expect(packages.data.owed).toBe(spent);

    const second = await newOrder(buyer);
    await deliver(second, 'paid');
    expect(await owed(buyer.id)).toBe(0);
    expect(await gems(buyer.id)).toBe(total() - spent);
    expect(await orderRow(second)).toMatchObject({ status: 'paid', debtPaid: spent });

    const consumption = await callRoute<WalletHistory>(walletHistory, { credential: buyer.credential, body: { kind: 'consumption', page: 1 } });
    expect(consumption.data.list.map((entry) => [entry.kind, entry.amount])).toEqual([
      ['recharge.refund', -1000],
      ['gift', -spent],
    ]);
    expect((await verifyLedger(await getDb())).mismatches).toBe(0);
  });

  it('apply a refund of one order and the payment of another of the same user at once, each once', async () => {
    const buyer = await accountWithRole('1373');
    const refunded = await newOrder(buyer);
    await deliver(refunded, 'paid');
    await spend(buyer.id, total(), `test.spend:${buyer.id}`);
    const paid = await Promise.all(Array.from({ length: 3 }, () => newOrder(buyer)));
    await Promise.all([deliver(refunded, 'refunded'), ...paid.map((orderId) => deliver(orderId, 'paid'))]);
    expect((await orderRow(refunded)).status).toBe('refunded');
    for (const orderId of paid) expect((await orderRow(orderId)).status).toBe('paid');
    // Whatever the order they ran in, the refund's whole value is taken back once: from the wallet or as debt repaid.
    expect((await gems(buyer.id)) - (await owed(buyer.id))).toBe(2 * total());
  });

  it('disputes take the recharge back like a refund, and a second reversal does nothing', async () => {
    const buyer = await accountWithRole('1373');
    const orderId = await newOrder(buyer);
    await deliver(orderId, 'paid');
    await deliver(orderId, 'disputed');
    await deliver(orderId, 'refunded');
    expect((await orderRow(orderId)).status).toBe('disputed');
    expect(await gems(buyer.id)).toBe(0);
    expect(await owed(buyer.id)).toBe(0);
    expect((await eventsOf(orderId)).map((event) => event.outcome)).toEqual(['applied', 'applied', 'duplicate']);
  });

  it('refuse a partial refund, and apply the whole one', async () => {
    const buyer = await accountWithRole('1373');
    const orderId = await newOrder(buyer);
    await deliver(orderId, 'paid');
    await deliver(orderId, 'refunded', { amount: 10 });
    expect((await orderRow(orderId)).status).toBe('paid');
    await deliver(orderId, 'refunded');
    expect((await orderRow(orderId)).status).toBe('refunded');
    expect((await eventsOf(orderId)).map((event) => event.reason)).toEqual(['', 'partialRefund', '']);
  });

  it('keep a refund that arrives before its payment, and apply both when the payment comes (twice)', async () => {
    const buyer = await accountWithRole('1373');
    const orderId = await newOrder(buyer);
    await deliver(orderId, 'refunded');
    expect(await orderRow(orderId)).toMatchObject({ status: 'pending', pendingReversal: 'refunded' });
    expect(await gems(buyer.id)).toBe(0);

    await deliver(orderId, 'paid');
    await deliver(orderId, 'paid');
    expect(await orderRow(orderId)).toMatchObject({ status: 'refunded', pendingReversal: null });
    expect(await gems(buyer.id)).toBe(0);
    expect(await owed(buyer.id)).toBe(0);
    expect((await eventsOf(orderId)).map((event) => event.outcome)).toEqual(['deferred', 'applied', 'duplicate']);
    const movements = await (await getDb())
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.userId, buyer.id)))
      .orderBy(ledgerTransactions.id);
    expect(movements.map((movement) => movement.kind)).toEqual(['recharge', 'recharge.refund']);
  });
});
