// The spec's custom messages to the server account on Tencent Cloud Chat (docs/im.md): a browser's login, giftFeed
// and quizPrompt frames reach us as C2C before-send callbacks to the admin account, are answered by the gateway's
// own code, and the replies go back to that user through the stand-in's openim/sendmsg. Tencent's retries of a
// callback pay a gift once; guests send no gifts; bad frames and unsigned calls are refused without a server error.
import { standInPort, tencentApp } from './tencent-im-env';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as callbackRoute } from '@/app/api/tencentIm/callback/route';
import { resolveBrand } from '@/lib/brand/registry';
import { getDb } from '@/lib/db';
import { gifts, lives, users } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { parseLogged } from '@/lib/realtime/bus/types';
import { readWallet } from '@/lib/server/ledger/balances';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { serverTranslator } from '@/lib/server/http/translate';
import { TencentImStandIn } from '@/tests/support/tencent-im-stand-in';

const standIn = new TencentImStandIn(tencentApp);
const brand = resolveBrand('localhost:3000');
const t = serverTranslator(brand.locale);
let anchorId: number;
let msgSeq = 5000;

async function user(options: { role?: 'user' | 'anchor'; level?: number } = {}): Promise<number> {
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await (await getDb()).insert(users).values({ id, mobile: `174${String(id).slice(-8)}`, nickName: `Custom${id % 100_000}`, role: options.role ?? 'user', level: options.level ?? 0, brandId: brand.id });
  return id;
}

beforeAll(async () => {
  const db = await getDb();
  await standIn.start(standInPort);
  anchorId = await user({ role: 'anchor' });
  await db.insert(lives).values({ anchorId, stream: `custom-${anchorId}`, title: 'Custom frames', categoryId: 2, childCategoryId: 201, status: 'live' });
}, 60_000);

afterAll(() => standIn.stop());

function callbackUrl(command: string, signed = true): string {
  const query = new URLSearchParams({ SdkAppid: String(tencentApp.sdkAppId), CallbackCommand: command, contenttype: 'json', ClientIP: '203.0.113.9', OptPlatform: 'Web' });
  if (signed) {
    const requestTime = String(Math.floor(Date.now() / 1000));
    query.set('RequestTime', requestTime);
    query.set('Sign', crypto.createHash('sha256').update(tencentApp.callbackToken + requestTime).digest('hex'));
  }
  return `http://localhost:3000/api/tencentIm/callback?${query}`;
}

type Sent = { from: string; data: string; to?: string; seq?: number; random?: number; signed?: boolean };

/** A C2C.CallbackBeforeSendMsg as Tencent sends it for a custom message from `from` to the admin. */
async function c2c(sent: Sent) {
  const seq = sent.seq ?? (msgSeq += 1);
  const random = sent.random ?? crypto.randomInt(0, 2 ** 31);
  const body = {
    CallbackCommand: 'C2C.CallbackBeforeSendMsg',
    From_Account: sent.from,
    To_Account: sent.to ?? tencentApp.admin,
    MsgSeq: seq,
    MsgRandom: random,
    MsgTime: Math.floor(Date.now() / 1000),
    MsgKey: `${seq}_${random}_${Math.floor(Date.now() / 1000)}`,
    OnlineOnlyFlag: 0,
    MsgBody: [{ MsgType: 'TIMCustomElem', MsgContent: { Data: sent.data, Desc: '', Ext: '' } }],
    CloudCustomData: '',
    EventTime: Date.now(),
  };
  const response = await callbackRoute(
    new NextRequest(callbackUrl('C2C.CallbackBeforeSendMsg', sent.signed ?? true), { method: 'POST', headers: { host: 'localhost:3000', 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  );
  return { httpStatus: response.status, reply: (await response.json()) as { ActionStatus: string; ErrorCode: number; ErrorInfo: string }, seq, random };
}

/** What the stand-in's openim/sendmsg received for an account, as server frames. */
function repliesTo(account: string): Record<string, unknown>[] {
  return standIn.userMessages.filter((message) => message.toAccount === account).map((message) => JSON.parse(message.data) as Record<string, unknown>);
}

const allowed = { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' };

it('answers a notable viewer\'s login with the room\'s login line in the log and a loginRep sent back as the admin', async () => {
  const viewer = await user({ level: 12 });
  const room = `live:${anchorId}`;
  const answer = await c2c({ from: String(viewer), data: JSON.stringify({ type: 'login', groupId: room }) });
  expect(answer).toMatchObject({ httpStatus: 200, reply: allowed });
  const logged = (await getBus().readBefore(room, undefined, 30)).map((entry) => parseLogged(entry.frame));
  expect(logged.filter((message) => message.type === 'login' && message.user_id === viewer)).toEqual([expect.objectContaining({ line: 1, level: 12, groupId: room })]);
  expect(repliesTo(String(viewer))).toEqual([expect.objectContaining({ type: 'loginRep', groupId: room, guess: [], chatHistory: expect.any(Array) })]);
  const message = standIn.userMessages.find((item) => item.toAccount === String(viewer))!;
  expect(message).toMatchObject({ type: 'loginRep', syncOtherMachine: 2, forbidCallbacks: ['ForbidBeforeSendMsgCallback', 'ForbidAfterSendMsgCallback'] });
});

it('pays a giftFeed send once however often Tencent retries the callback, and sends its reply (balance, combo) to the sender', async () => {
  const db = await getDb();
  const [gift] = await db.select().from(gifts).where(eq(gifts.animation, 'whistle'));
  const viewer = await user();
  await grantCurrency(db, { userId: viewer, currency: gift.currency, amount: gift.price * 5, idempotencyKey: `test:tencent-custom:${viewer}`, note: 'test' });
  const frame = JSON.stringify({ type: 'giftFeed', groupId: `live:${anchorId}`, anchor_id: anchorId, gift_id: gift.id, count: 1, idempotency_key: crypto.randomUUID() });
  const first = await c2c({ from: String(viewer), data: frame });
  expect(first.reply).toEqual(allowed);
  // Tencent calls again with the same message (MsgSeq, MsgRandom): nothing more is paid or sent.
  const retried = await c2c({ from: String(viewer), data: frame, seq: first.seq, random: first.random });
  expect(retried.reply).toEqual(allowed);
  expect((await readWallet(db, viewer))[gift.currency]).toBe(gift.price * 4);
  const replies = repliesTo(String(viewer));
  expect(replies).toEqual([expect.objectContaining({ type: 'giftFeedRep', status: 0, msg: t('gifts.sent'), bal: expect.any(Object), hit: expect.any(Number) })]);
  // The gift itself is a room message: it is in the room's log once.
  const logged = (await getBus().readBefore(`live:${anchorId}`, undefined, 50)).map((entry) => parseLogged(entry.frame));
  expect(logged.filter((message) => message.type === 'gift' && message.user_id === viewer)).toHaveLength(1);
});

it('refuses a gift from a guest, a frame the server account does not answer, bad Data and a stranger\'s account, without a server error', async () => {
  const guest = `guest_${crypto.randomBytes(8).toString('hex')}`;
  const gift = await c2c({ from: guest, data: JSON.stringify({ type: 'giftFeed', groupId: `live:${anchorId}`, anchor_id: anchorId, gift_id: 1, count: 1, idempotency_key: crypto.randomUUID() }) });
  expect(gift).toMatchObject({ httpStatus: 200, reply: { ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: t('gifts.errors.loginToSend') } });
  // A guest may ask for the recent gifts, as on the built-in gateway.
  const feed = await c2c({ from: guest, data: JSON.stringify({ type: 'giftFeed', groupId: `live:${anchorId}` }) });
  expect(feed.reply).toEqual(allowed);
  expect(repliesTo(guest)).toEqual([expect.objectContaining({ type: 'giftFeedRep', groupId: `live:${anchorId}`, gifts: expect.any(Array) })]);

  const viewer = String(await user());
  for (const data of ['{', '[]', JSON.stringify({ type: 'say', groupId: `live:${anchorId}`, content: 'hi' }), JSON.stringify({ type: 'login', groupId: 'nowhere' })]) {
    const answer = await c2c({ from: viewer, data });
    expect(answer.httpStatus).toBe(200);
    expect(answer.reply.ErrorCode).toBe(1);
  }
  expect((await c2c({ from: viewer, data: '{' })).reply.ErrorInfo).toBe(t('chat.tencent.badFrame'));
  expect((await c2c({ from: 'someone_else', data: JSON.stringify({ type: 'login', groupId: `live:${anchorId}` }) })).reply).toMatchObject({ ErrorCode: 1 });
  expect(repliesTo(viewer)).toEqual([]);
});

it('refuses an unsigned callback when a token is configured, and leaves messages between viewers alone', async () => {
  const viewer = String(await user());
  const unsigned = await c2c({ from: viewer, data: JSON.stringify({ type: 'login', groupId: `live:${anchorId}` }), signed: false });
  expect(unsigned).toMatchObject({ httpStatus: 401, reply: { ActionStatus: 'FAIL', ErrorCode: 1, ErrorInfo: t('chat.tencent.unsignedCallback') } });
  const between = await c2c({ from: viewer, to: '12345', data: JSON.stringify({ type: 'login', groupId: `live:${anchorId}` }) });
  expect(between.reply).toEqual(allowed);
  expect(repliesTo(viewer)).toEqual([]);
});

