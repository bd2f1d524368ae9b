// The Alipay adapter through the official SDK (alipay-sdk 4.x), against a local stand-in for Alipay's gateway:
// the page pay address is signed with an app key made here and checked by the stand-in with the SDK; notifications
// are signed with an "Alipay" key made here and verified by the adapter with the SDK's check. No Alipay server is reached.
import crypto from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { POST as createOrderRoute } from '@/app/api/recharge/create/route';
import { POST as packagesRoute } from '@/app/api/recharge/packages/route';
import { getDb } from '@/lib/db';
import { yuanText } from '@/lib/server/recharge/providers/alipay';
import type { CreateOrderReply, PackagesReply } from '@/lib/validation/recharge';
import { callRoute } from '@/tests/support/call-route';
import { accountWithRole, type Account } from './live-helpers';
import { freePortNow, ProviderStandIn, type StandInRequest } from './provider-stand-in';
import { deliverCallback, eventsOf, gems, orderRow, packageOf, type Delivery } from './recharge-helpers';

const keyPair = () => crypto.generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
const appKeys = keyPair();
const alipayKeys = keyPair();
const appId = '2021000000000042';
const gateway = new ProviderStandIn(freePortNow());
// Read once by lib/env.ts, before any hook runs. The private key goes in bare, as Alipay's key tool prints it.
process.env.ALIPAY_APP_ID = appId;
process.env.ALIPAY_PRIVATE_KEY = appKeys.privateKey.replace(/-----[A-Z ]+-----|\s/g, '');
process.env.ALIPAY_PUBLIC_KEY = alipayKeys.publicKey;
process.env.ALIPAY_GATEWAY = `http://127.0.0.1:${gateway.port}/gateway.do`;

/** The gateway's side: it checks the app's signature with the app's public key, through the SDK. */
const gatewaySdk = new AlipaySdk({ appId, privateKey: alipayKeys.privateKey, alipayPublicKey: appKeys.publicKey, keyType: 'PKCS8' });

function gatewayChecksSignature(request: StandInRequest) {
  const query = Object.fromEntries(new URL(request.path, 'http://gateway').searchParams);
  const { sign, ...signed } = query;
  const content = Object.keys(signed)
    .sort()
    .map((key) => `${key}=${signed[key]}`)
    .join('&');
  const verified = gatewaySdk.rsaCheck(content, sign, 'RSA2');
  return { status: verified ? 200 : 400, json: { verified, method: query.method, biz_content: JSON.parse(query.biz_content ?? '{}') as Record<string, string>, notify_url: query.notify_url, return_url: query.return_url } };
}

type Pack = NonNullable<Awaited<ReturnType<typeof packageOf>>>;
let pack: Pack;
let viewer: Account;
const qiuba = 'qiuba.example';

beforeAll(async () => {
  await getDb();
  gateway.respond = gatewayChecksSignature;
  await gateway.start();
  pack = (await packageOf('qiuba', 2))!;
  viewer = await accountWithRole('1375');
}, 60_000);

afterAll(() => gateway.stop());

async function alipayOrder(account: Account = viewer, userAgent = 'Mozilla/5.0 (X11; Linux x86_64)') {
  const created = await callRoute<CreateOrderReply>(createOrderRoute, {
    credential: account.credential,
    body: { package_id: pack.id, provider: 'alipay' },
    host: qiuba,
    headers: { 'user-agent': userAgent },
  });
  expect(created).toMatchObject({ status: 0 });
  return created.data;
}

/** An asynchronous notification as Alipay posts it: form fields signed with Alipay's private key (RSA2, sorted, sign and sign_type left out). */
function notify(fields: Record<string, string>, privateKey = alipayKeys.privateKey): Promise<Delivery> {
  const all: Record<string, string> = { notify_time: '2026-11-26 12:00:00', notify_type: 'trade_status_sync', notify_id: crypto.randomBytes(12).toString('hex'), app_id: appId, charset: 'utf-8', version: '1.0', ...fields };
  const content = Object.keys(all)
    .sort()
    .map((key) => `${key}=${all[key]}`)
    .join('&');
  const sign = crypto.createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
  const body = new URLSearchParams({ ...all, sign_type: 'RSA2', sign }).toString();
  return deliverCallback('alipay', body, { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' });
}

const paidFields = (orderId: number, extra: Record<string, string> = {}) => ({
  trade_status: 'TRADE_SUCCESS',
  out_trade_no: String(orderId),
  trade_no: `2026112622001400${orderId}`,
  total_amount: yuanText(pack.priceMinor),
  ...extra,
});

it('is offered to the Chinese brand once its keys are set, and not to the dollar brand', async () => {
  expect((await callRoute<PackagesReply>(packagesRoute, { body: {}, host: qiuba })).data.providers).toEqual(['alipay', 'sandbox']);
  expect((await callRoute<PackagesReply>(packagesRoute, { body: {} })).data.providers).toEqual(['sandbox']);
});

it('sends a computer to a signed page pay and a phone to wap pay, for the order’s yuan amount', async () => {
  const page = await alipayOrder();
  const atGateway = await fetch(page.redirect_url);
  const checked = (await atGateway.json()) as ReturnType<typeof gatewayChecksSignature>['json'];
  expect(checked).toMatchObject({ verified: true, method: 'alipay.trade.page.pay' });
  expect(checked.biz_content).toMatchObject({ out_trade_no: String(page.order_id), total_amount: yuanText(pack.priceMinor), product_code: 'FAST_INSTANT_TRADE_PAY' });
  expect(checked.notify_url).toMatch(/\/api\/recharge\/notify\/alipay$/);
  expect(checked.return_url).toMatch(new RegExp(`/user-center/rechargeHistory\\?order=${page.order_id}$`));

  const phone = await alipayOrder(viewer, 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148');
  const wap = (await (await fetch(phone.redirect_url)).json()) as ReturnType<typeof gatewayChecksSignature>['json'];
  expect(wap).toMatchObject({ verified: true, method: 'alipay.trade.wap.pay' });
  expect(wap.biz_content.product_code).toBe('QUICK_WAP_WAY');

  const tampered = page.redirect_url.replace(encodeURIComponent(`"total_amount":"${yuanText(pack.priceMinor)}"`), encodeURIComponent('"total_amount":"0.01"'));
  expect(tampered).not.toBe(page.redirect_url);
  expect(((await (await fetch(tampered)).json()) as { verified: boolean }).verified).toBe(false);
});

it('credits a TRADE_SUCCESS notification once, and treats the later TRADE_FINISHED as the same payment', async () => {
  const buyer = await accountWithRole('1375');
  const { order_id: orderId } = await alipayOrder(buyer);
  const replies = await Promise.all(Array.from({ length: 10 }, () => notify(paidFields(orderId, { notify_id: `dup-${orderId}` }))));
  expect(replies.every((reply) => reply.status === 200 && reply.text === 'success')).toBe(true);
  expect(await notify(paidFields(orderId, { trade_status: 'TRADE_FINISHED' }))).toMatchObject({ status: 200, text: 'success' });
  expect(await gems(buyer.id)).toBe(pack.diamond + pack.bonus);
  expect(await orderRow(orderId)).toMatchObject({ status: 'paid', paymentRef: `2026112622001400${orderId}` });
  expect((await eventsOf(orderId)).map((event) => event.outcome)).toEqual(['applied', 'duplicate']);
});

it('answers a notification signed with another key with failure and records nothing', async () => {
  const { order_id: orderId } = await alipayOrder();
  expect(await notify(paidFields(orderId), keyPair().privateKey)).toMatchObject({ status: 400, text: 'failure' });
  expect(await eventsOf(orderId)).toEqual([]);
});

it('refuses a payment of another amount', async () => {
  const { order_id: orderId } = await alipayOrder();
  await notify(paidFields(orderId, { total_amount: '0.01' }));
  expect((await eventsOf(orderId)).map((event) => event.reason)).toEqual(['amountMismatch']);
  expect((await orderRow(orderId)).status).toBe('pending');
});

it('takes a whole refund back (TRADE_CLOSED with refund_fee), after refusing a partial one', async () => {
  const buyer = await accountWithRole('1375');
  const { order_id: orderId } = await alipayOrder(buyer);
  await notify(paidFields(orderId));
  await notify(paidFields(orderId, { refund_fee: '1.00', gmt_refund: '2026-11-26 12:05:00' }));
  expect((await orderRow(orderId)).status).toBe('paid');
  await notify(paidFields(orderId, { trade_status: 'TRADE_CLOSED', refund_fee: yuanText(pack.priceMinor), gmt_refund: '2026-11-26 12:10:00' }));
  expect((await orderRow(orderId)).status).toBe('refunded');
  expect(await gems(buyer.id)).toBe(0);
  expect((await eventsOf(orderId)).map((event) => [event.kind, event.outcome])).toEqual([
    ['paid', 'applied'],
    ['refunded', 'refused'],
    ['refunded', 'applied'],
  ]);
});

it('expires an order whose trade closed unpaid', async () => {
  const { order_id: orderId } = await alipayOrder();
  await notify(paidFields(orderId, { trade_status: 'TRADE_CLOSED' }));
  expect((await orderRow(orderId)).status).toBe('expired');
});
