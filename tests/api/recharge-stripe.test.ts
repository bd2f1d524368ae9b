// The Stripe adapter through the official package, against a local stand-in for Stripe's API: a Checkout Session
// per order, and webhooks signed with a secret made here (the package's own test header generator) and verified by
// the adapter with constructEvent on the raw body. No Stripe server is reached.
import crypto from 'node:crypto';
import Stripe from 'stripe';
import { POST as packagesRoute } from '@/app/api/recharge/packages/route';
import { getDb } from '@/lib/db';
import type { PackagesReply } from '@/lib/validation/recharge';
import { callRoute } from '@/tests/support/call-route';
import { accountWithRole, type Account } from './live-helpers';
import { freePortNow, ProviderStandIn } from './provider-stand-in';
import { createOrder, deliverCallback, eventsOf, gems, latestOrderOf, orderRow, packageOf } from './recharge-helpers';

// Read once by lib/env.ts, before any hook runs: the keys are made for this test, the API is the stand-in.
const webhookSecret = `whsec_${crypto.randomBytes(24).toString('base64url')}`;
const secretKey = `sk_test_${crypto.randomBytes(24).toString('base64url')}`;
const standIn = new ProviderStandIn(freePortNow());
process.env.STRIPE_SECRET_KEY = secretKey;
process.env.STRIPE_WEBHOOK_SECRET = webhookSecret;
process.env.STRIPE_API_URL = `http://127.0.0.1:${standIn.port}`;

// Only for its webhook test helper: the adapter has its own client.
const stripe = new Stripe('sk_test_helper');

type Pack = NonNullable<Awaited<ReturnType<typeof packageOf>>>;
let pack: Pack;
let viewer: Account;

beforeAll(async () => {
  await getDb();
  await standIn.start();
  pack = (await packageOf('sportcast', 2))!;
  viewer = await accountWithRole('1374');
}, 60_000);

afterAll(() => standIn.stop());

/** The stand-in answers session creation the way Stripe does: the session with its hosted URL. */
function sessionsAnswer() {
  standIn.respond = (request) => {
    if (request.method !== 'POST' || request.path !== '/v1/checkout/sessions') return { status: 404, json: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } } };
    if (request.headers.authorization !== `Bearer ${secretKey}`) return { status: 401, json: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };
    const form = new URLSearchParams(request.body);
    const id = `cs_test_${crypto.randomBytes(8).toString('hex')}`;
    return {
      status: 200,
      json: {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        currency: form.get('line_items[0][price_data][currency]'),
        metadata: { order_id: form.get('metadata[order_id]') },
        payment_status: 'unpaid',
        status: 'open',
      },
    };
  };
}

async function stripeOrder(account: Account = viewer): Promise<number> {
  sessionsAnswer();
  const created = await createOrder(account.credential, { package_id: pack.id, provider: 'stripe' });
  expect(created).toMatchObject({ status: 0 });
  return created.data.order_id;
}

/** A webhook as Stripe delivers it: the event JSON and its Stripe-Signature header, signed with `secret`. */
async function sendEvent(type: string, object: Record<string, unknown>, secret = webhookSecret, eventId = `evt_${crypto.randomBytes(10).toString('hex')}`) {
  const payload = JSON.stringify({ id: eventId, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return deliverCallback('stripe', payload, { 'content-type': 'application/json', 'stripe-signature': header });
}

function completedSession(orderId: number, paymentIntent: string, amount = pack.priceMinor) {
  return { id: `cs_test_${orderId}`, object: 'checkout.session', amount_total: amount, currency: 'usd', metadata: { order_id: String(orderId) }, client_reference_id: String(orderId), payment_status: 'paid', payment_intent: paymentIntent };
}

it('is offered to the international brand once its keys are set', async () => {
  const reply = await callRoute<PackagesReply>(packagesRoute, { body: {} });
  expect(reply.data.providers).toEqual(['stripe', 'sandbox']);
});

it('opens a Checkout Session with the order’s price, currency and id, and sends the customer to it', async () => {
  standIn.requests.length = 0;
  sessionsAnswer();
  const created = await createOrder(viewer.credential, { package_id: pack.id, provider: 'stripe' });
  expect(created.status).toBe(0);
  const [request] = standIn.requests;
  const form = new URLSearchParams(request.body);
  expect(form.get('mode')).toBe('payment');
  expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(pack.priceMinor));
  expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
  expect(form.get('metadata[order_id]')).toBe(String(created.data.order_id));
  expect(form.get('payment_intent_data[metadata][order_id]')).toBe(String(created.data.order_id));
  expect(form.get('success_url')).toBe(`http://localhost:${process.env.PORT ?? 3000}/user-center/rechargeHistory?order=${created.data.order_id}`);
  expect(request.headers['idempotency-key']).toBe(`recharge-order-${created.data.order_id}`);
  const order = await orderRow(created.data.order_id);
  expect(created.data.redirect_url).toBe(`https://checkout.stripe.com/c/pay/${order.checkoutRef}`);
  expect(order).toMatchObject({ provider: 'stripe', status: 'pending', currency: 'USD' });
});

it('marks the order failed and says so when Stripe refuses the session', async () => {
  standIn.respond = () => ({ status: 400, json: { error: { type: 'invalid_request_error', message: 'Amount too small' } } });
  const created = await createOrder(viewer.credential, { package_id: pack.id, provider: 'stripe' });
  expect(created).toMatchObject({ status: 1, msg: 'The payment could not be started. Nothing was charged; please try again.' });
  expect((await latestOrderOf(viewer.id)).status).toBe('failed');
});

it('credits a completed checkout once, even delivered ten times at once', async () => {
  const buyer = await accountWithRole('1374');
  const orderId = await stripeOrder(buyer);
  const payload = completedSession(orderId, `pi_${orderId}`);
  const eventId = `evt_${crypto.randomBytes(10).toString('hex')}`;
  const deliveries = await Promise.all(Array.from({ length: 10 }, () => sendEvent('checkout.session.completed', payload, webhookSecret, eventId)));
  expect(deliveries.every((delivery) => delivery.status === 200)).toBe(true);
  expect(await gems(buyer.id)).toBe(pack.diamond + pack.bonus);
  expect(await orderRow(orderId)).toMatchObject({ status: 'paid', paymentRef: `pi_${orderId}` });
  expect(await eventsOf(orderId)).toHaveLength(1);
});

it('refuses a webhook signed with another secret, and one without a signature', async () => {
  const orderId = await stripeOrder();
  const forged = await sendEvent('checkout.session.completed', completedSession(orderId, 'pi_forged'), `whsec_${crypto.randomBytes(24).toString('base64url')}`);
  expect(forged.status).toBe(400);
  expect((await deliverCallback('stripe', JSON.stringify({ id: 'evt_x', type: 'checkout.session.completed' }), { 'content-type': 'application/json' })).status).toBe(400);
  expect(await eventsOf(orderId)).toEqual([]);
  expect((await orderRow(orderId)).status).toBe('pending');
});

it('refuses a completed checkout of another amount', async () => {
  const orderId = await stripeOrder();
  expect((await sendEvent('checkout.session.completed', completedSession(orderId, `pi_${orderId}`, pack.priceMinor + 100))).status).toBe(200);
  expect((await eventsOf(orderId)).map((event) => [event.outcome, event.reason])).toEqual([['refused', 'amountMismatch']]);
  expect((await orderRow(orderId)).status).toBe('pending');
});

it('finds the order of a refund and of a dispute by their PaymentIntent, and takes the gems back', async () => {
  const buyer = await accountWithRole('1374');
  const refunded = await stripeOrder(buyer);
  const disputed = await stripeOrder(buyer);
  await sendEvent('checkout.session.completed', completedSession(refunded, `pi_r${refunded}`));
  await sendEvent('checkout.session.completed', completedSession(disputed, `pi_d${disputed}`));
  expect(await gems(buyer.id)).toBe(2 * (pack.diamond + pack.bonus));

  await sendEvent('charge.refunded', { id: `ch_r${refunded}`, object: 'charge', amount: pack.priceMinor, amount_refunded: pack.priceMinor, currency: 'usd', metadata: {}, payment_intent: `pi_r${refunded}` });
  await sendEvent('charge.dispute.created', { id: `dp_${disputed}`, object: 'dispute', amount: pack.priceMinor, currency: 'usd', metadata: {}, charge: `ch_d${disputed}`, payment_intent: `pi_d${disputed}` });
  expect((await orderRow(refunded)).status).toBe('refunded');
  expect((await orderRow(disputed)).status).toBe('disputed');
  expect(await gems(buyer.id)).toBe(0);
});

it('acknowledges events it does not act on without recording them', async () => {
  const orderId = await stripeOrder();
  expect((await sendEvent('payment_intent.created', { id: 'pi_new', object: 'payment_intent', metadata: { order_id: String(orderId) } })).status).toBe(200);
  expect((await sendEvent('checkout.session.expired', { ...completedSession(orderId, ''), payment_status: 'unpaid', payment_intent: null })).status).toBe(200);
  expect((await orderRow(orderId)).status).toBe('expired');
});
