// Tencent Cloud Chat (docs/im.md) against a local stand-in of its REST API: UserSigs that Tencent's documented
// check accepts and that expire as configured; server messages sent as the admin, retried on transient errors,
// never more than 40 a second into a group, gifts and moderation ahead of chat; and the callbacks: before-send
// refusing what the built-in gateway refuses (bans, speak rate, contact details, guests, unsigned calls), after-send
// storing the line in the room's history, where a delete reaches it.
import { standInPort, tencentApp, userSigTtlSeconds } from './tencent-im-env';
import crypto from 'node:crypto';
import { NextRequest } from 'next/server';
import { GET as getUserSig } from '@/app/api/tencentIm/getUserSig/route';
import { POST as callbackRoute } from '@/app/api/tencentIm/callback/route';
import { POST as banUserRoute } from '@/app/api/live/banUser/route';
import { POST as deleteRoute } from '@/app/api/live/deleteMessage/route';
import { resolveBrand } from '@/lib/brand/registry';
import { getDb } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { parseLogged } from '@/lib/realtime/bus/types';
import { setAppConfigValue } from '@/lib/server/config/app-config';
import { serverTranslator } from '@/lib/server/http/translate';
import { createSession } from '@/lib/server/session/sessions';
import { newMessageId, publishRoomMessage } from '@/lib/server/chat/publish';
import { createGroupOutbox } from '@/lib/server/chat/tencent/outbox';
import { tencentRelayIdle } from '@/lib/server/chat/tencent/relay';
import { createTencentRest, TencentRestError } from '@/lib/server/chat/tencent/rest';
import { tencentImSettings, type TencentImSettings } from '@/lib/server/chat/tencent/settings';
import { tencentUserSigReply, type TencentUserSig } from '@/lib/validation/chat';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { checkUserSig, TencentImStandIn } from '@/tests/support/tencent-im-stand-in';

type Person = { id: number; credential: string; nickName: string };

const standIn = new TencentImStandIn(tencentApp);
const brand = resolveBrand('localhost:3000');
const t = serverTranslator(brand.locale);
let settings: TencentImSettings;

beforeAll(async () => {
  await getDb();
  await standIn.start(standInPort);
  settings = tencentImSettings()!;
}, 60_000);

afterAll(() => standIn.stop());

async function person(role: 'user' | 'anchor' | 'manager' = 'user'): Promise<Person> {
  const db = await getDb();
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  const nickName = `${role === 'anchor' ? 'Host' : 'Fan'}${id % 100_000}`;
  await db.insert(users).values({ id, mobile: `173${String(id).slice(-8)}`, nickName, role, brandId: brand.id });
  const { credential } = await createSession(db, id, `device-${id}`);
  return { id, credential, nickName };
}

describe('GET|POST /api/tencentIm/getUserSig', () => {
  afterAll(async () => setAppConfigValue(await getDb(), brand.id, 'im_sdkappid', 0));

  it('refuses, in the reader\'s language, while the brand keeps the built-in gateway or selects an app this server has no key for', async () => {
    const db = await getDb();
    await setAppConfigValue(db, brand.id, 'im_sdkappid', 0);
    const english = await callRoute(getUserSig, { method: 'GET', headers: { lang: 'en' } });
    expect(english).toMatchObject({ status: 1, msg: 'This site does not use Tencent Cloud Chat.', httpStatus: 200 });
    const chinese = await callRoute(getUserSig, { method: 'GET', headers: { lang: 'zh_cn' } });
    expect(chinese).toMatchObject({ status: 1, msg: '本站未使用腾讯云即时通信。' });
    await setAppConfigValue(db, brand.id, 'im_sdkappid', 1400009999);
    expect(await callRoute(getUserSig, { headers: { lang: 'en' } })).toMatchObject({ status: 1, msg: 'Tencent Cloud Chat is not set up on this server.' });
  });

  it('gives a guest a guest_ id and a signed-in viewer their user id, with UserSigs Tencent\'s check accepts for the configured lifetime', async () => {
    await setAppConfigValue(await getDb(), brand.id, 'im_sdkappid', tencentApp.sdkAppId);
    const guest = await callRoute<TencentUserSig>(getUserSig, { method: 'GET', headers: { 'x-forwarded-for': '10.9.8.7' } });
    expect(guest.status).toBe(0);
    expectReplyShape(tencentUserSigReply, guest.data);
    expect(guest.data.id).toMatch(/^guest_[0-9a-f]{16}$/);
    expect(guest.data).toMatchObject({ sdkappid: tencentApp.sdkAppId, expires_in: userSigTtlSeconds, admin: tencentApp.admin });
    const checked = checkUserSig(guest.data.sig, tencentApp, guest.data.id);
    expect(checked).toMatchObject({ ok: true, identifier: guest.data.id, expire: userSigTtlSeconds });
    // Valid until time + expire, and not a second longer.
    if (!checked.ok) throw new Error('unreachable');
    expect(checkUserSig(guest.data.sig, tencentApp, guest.data.id, (checked.time + userSigTtlSeconds - 1) * 1000).ok).toBe(true);
    expect(checkUserSig(guest.data.sig, tencentApp, guest.data.id, (checked.time + userSigTtlSeconds) * 1000)).toEqual({ ok: false, reason: 'expired' });
    // Bound to its id and to the app's key.
    expect(checkUserSig(guest.data.sig, tencentApp, 'guest_0000000000000000')).toEqual({ ok: false, reason: 'identifier' });
    expect(checkUserSig(guest.data.sig, { ...tencentApp, secretKey: 'another-key-of-another-app-000' }, guest.data.id)).toEqual({ ok: false, reason: 'signature' });

    const viewer = await person();
    const signedIn = await callRoute<TencentUserSig>(getUserSig, { credential: viewer.credential });
    expect(signedIn.data.id).toBe(String(viewer.id));
    expect(signedIn.data.user).toEqual({ id: viewer.id, guest: false, nick_name: viewer.nickName, level: 0, vip_level: 0, role: 'user' });
    expect(guest.data.user).toMatchObject({ id: guest.data.id, guest: true });
    expect(checkUserSig(signedIn.data.sig, tencentApp, String(viewer.id)).ok).toBe(true);
  });
});

describe('send_group_msg through the stand-in', () => {
  beforeEach(() => {
    standIn.failures.length = 0;
  });

  it('sends as the admin with a UserSig the stand-in accepts, our frame as a custom element, callbacks off', async () => {
    const rest = createTencentRest(settings);
    const reply = await rest.sendGroupMessage({ groupId: 'live_7', type: 'gift', data: '{"seq":1,"type":"gift"}' });
    expect(reply).toMatchObject({ ActionStatus: 'OK', ErrorCode: 0 });
    const sent = standIn.accepted.at(-1)!;
    expect(sent).toMatchObject({ groupId: 'live_7', type: 'gift', data: '{"seq":1,"type":"gift"}', onlineOnly: false, msgSeq: reply.MsgSeq });
    expect(sent.forbidCallbacks).toEqual(['ForbidBeforeSendMsgCallback', 'ForbidAfterSendMsgCallback']);
  });

  it('sends a reply to one user with openim/sendmsg as the admin, retrying a transient failure with the same MsgRandom', async () => {
    const rest = createTencentRest(settings, { backoffMs: [10, 10] });
    const before = standIn.answers.length;
    standIn.failures.push({ httpStatus: 503 });
    const reply = await rest.sendUserMessage({ toAccount: 'guest_00112233aabbccdd', type: 'giftFeedRep', data: '{"type":"giftFeedRep"}' });
    expect(reply).toMatchObject({ ActionStatus: 'OK', ErrorCode: 0 });
    const attempts = standIn.answers.slice(before);
    expect(attempts.map((answer) => answer.reply.ErrorCode)).toEqual([-1, 0]);
    expect(new Set(attempts.map((answer) => answer.random)).size).toBe(1);
    expect(standIn.userMessages.filter((message) => message.toAccount === 'guest_00112233aabbccdd')).toEqual([
      expect.objectContaining({ type: 'giftFeedRep', data: '{"type":"giftFeedRep"}', syncOtherMachine: 2, forbidCallbacks: ['ForbidBeforeSendMsgCallback', 'ForbidAfterSendMsgCallback'] }),
    ]);
    // A sig for another account is refused as Tencent refuses it, and not retried past the attempts.
    const forged = createTencentRest({ ...settings, secretKey: 'another-key-of-another-app-000' }, { backoffMs: [1, 1] });
    await expect(forged.sendUserMessage({ toAccount: '1', type: 'pong', data: '{}' })).rejects.toThrow(TencentRestError);
  });

  it('retries transient failures (an internal error, HTTP 502) with the same message Random, and gives up on a bad request at once', async () => {
    const rest = createTencentRest(settings, { backoffMs: [10, 10] });
    const before = standIn.answers.length;
    standIn.failures.push({ errorCode: 10002 }, { httpStatus: 502 });
    const reply = await rest.sendGroupMessage({ groupId: 'live_8', type: 'bannedUser', data: '{"type":"bannedUser"}' });
    expect(reply.ErrorCode).toBe(0);
    const attempts = standIn.answers.slice(before);
    expect(attempts.map((answer) => answer.reply.ErrorCode)).toEqual([10002, -1, 0]);
    expect(new Set(attempts.map((answer) => answer.random)).size).toBe(1);

    const afterRetries = standIn.answers.length;
    standIn.failures.push({ errorCode: 10004 });
    await expect(rest.sendGroupMessage({ groupId: 'live_8', type: 'say', data: '{}' })).rejects.toThrow(TencentRestError);
    expect(standIn.answers.length - afterRetries).toBe(1);
    // Three transient failures in a row: three attempts, then the error.
    standIn.failures.push({ errorCode: 10002 }, { errorCode: 10002 }, { errorCode: 10002 });
    await expect(rest.sendGroupMessage({ groupId: 'live_8', type: 'say', data: '{}' })).rejects.toMatchObject({ code: 10002 });
  });

  it('keeps a group within 40 messages a second and sends gifts and moderation ahead of waiting chat', async () => {
    const rest = createTencentRest(settings);
    const outbox = createGroupOutbox((message) => rest.sendGroupMessage(message), { perSecond: 40 });
    const groupId = `live_${crypto.randomInt(1000, 1_000_000)}`;
    const started = Date.now();
    for (let i = 0; i < 100; i += 1) outbox.enqueue({ groupId, type: 'say', data: `{"n":${i}}` });
    for (const type of ['gift', 'bannedUser', 'clearChat', 'gift', 'quiz']) outbox.enqueue({ groupId, type, data: `{"type":"${type}"}` });
    await outbox.idle();
    const elapsed = Date.now() - started;
    const received = standIn.accepted.filter((message) => message.groupId === groupId);
    expect(received).toHaveLength(105);
    expect(standIn.answers.filter((answer) => answer.reply.ErrorCode === 10023)).toHaveLength(0);
    expect(standIn.busiestSecond(groupId)).toBeLessThanOrEqual(40);
    // 105 messages at 40 a second take over two seconds.
    expect(elapsed).toBeGreaterThanOrEqual(2000);
    const order = received.map((message) => message.type);
    const lastPriority = Math.max(...['gift', 'bannedUser', 'clearChat', 'quiz'].map((type) => order.lastIndexOf(type)));
    // They were queued behind 100 lines, yet left within the first second's budget.
    expect(lastPriority).toBeLessThan(40);
    expect(order.filter((type) => type !== 'say')).toEqual(['gift', 'bannedUser', 'clearChat', 'gift', 'quiz']);
    // Chat keeps its own order.
    const lines = received.filter((message) => message.type === 'say').map((message) => JSON.parse(message.data).n);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
  }, 30_000);

  it('relays a live room\'s published messages (numbered as in our log) to its group, and not the ones Tencent sent us', async () => {
    const bus = getBus();
    const room = `live:${crypto.randomInt(1000, 1_000_000)}`;
    const entry = await publishRoomMessage(bus, { type: 'clearChat', groupId: room, id: newMessageId(), msg_id: 'abc', by: 1, send_time: Date.now() });
    await publishRoomMessage(bus, { type: 'clearChat', groupId: room, id: newMessageId(), msg_id: 'def', by: 1, send_time: Date.now() }, 'tencent');
    await tencentRelayIdle();
    const relayed = standIn.accepted.filter((message) => message.groupId === room.replace(':', '_'));
    expect(relayed).toHaveLength(1);
    expect(relayed[0]).toMatchObject({ type: 'clearChat', data: entry.frame });
    expect(parseLogged(relayed[0].data)).toMatchObject({ seq: entry.seq, msg_id: 'abc' });
  });
});

describe('POST /api/tencentIm/callback', () => {
  let anchor: Person;
  let manager: Person;
  let msgSeq = 1000;

  beforeAll(async () => {
    anchor = await person('anchor');
    manager = await person('manager');
  });

  function callbackUrl(command: string, options: { sign?: 'good' | 'none' | 'wrong' | 'stale'; sdkAppId?: number } = {}): string {
    const requestTime = String(Math.floor(Date.now() / 1000) - (options.sign === 'stale' ? 3600 : 0));
    const query = new URLSearchParams({ SdkAppid: String(options.sdkAppId ?? tencentApp.sdkAppId), CallbackCommand: command, contenttype: 'json', ClientIP: '203.0.113.9', OptPlatform: 'Web' });
    const sign = options.sign ?? 'good';
    if (sign !== 'none') {
      const token = sign === 'wrong' ? 'notTheToken' : tencentApp.callbackToken;
      query.set('RequestTime', requestTime);
      query.set('Sign', crypto.createHash('sha256').update(token + requestTime).digest('hex'));
    }
    return `http://localhost:3000/api/tencentIm/callback?${query}`;
  }

  async function callback(command: 'Group.CallbackBeforeSendMsg' | 'Group.CallbackAfterSendMsg', from: string, text: string, options: Parameters<typeof callbackUrl>[1] & { body?: unknown } = {}) {
    msgSeq += 1;
    const body = options.body ?? {
      CallbackCommand: command,
      GroupId: `live_${anchor.id}`,
      Type: 'AVChatRoom',
      From_Account: from,
      Operator_Account: from,
      Random: crypto.randomInt(0, 2 ** 31),
      OnlineOnlyFlag: 0,
      MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: text } }],
      ...(command === 'Group.CallbackAfterSendMsg' ? { MsgSeq: msgSeq, MsgTime: Math.floor(Date.now() / 1000), EventTime: Date.now() } : {}),
    };
    const request = new NextRequest(callbackUrl(command, options), {
      method: 'POST',
      headers: { host: 'localhost:3000', 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    const response = await callbackRoute(request);
    return { httpStatus: response.status, reply: (await response.json()) as { ActionStatus: string; ErrorCode: number; ErrorInfo: string }, msgSeq };
  }

  const beforeSend = (from: string, text: string, options?: Parameters<typeof callback>[3]) => callback('Group.CallbackBeforeSendMsg', from, text, options);

  it('lets an ordinary line through, and refuses the next one sent too soon', async () => {
    const viewer = await person();
    expect(await beforeSend(String(viewer.id), 'What a save by the keeper!')).toEqual({ httpStatus: 200, reply: { ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' }, msgSeq: expect.any(Number) });
    const second = await beforeSend(String(viewer.id), 'And another one');
    expect(second.reply).toMatchObject({ ActionStatus: 'OK', ErrorCode: 1 });
    expect([1, 2].map((seconds) => t('chat.restrictions.tooFrequent', { seconds }))).toContain(second.reply.ErrorInfo);
  });

  it('refuses a banned viewer, contact details, a guest and what is not text', async () => {
    const viewer = await person();
    const ban = await callRoute(banUserRoute, { credential: manager.credential, body: { groupId: `live:${anchor.id}`, user_id: viewer.id, unit: 'hour', duration: 1, reason: 'abuse' } });
    expect(ban.status).toBe(0);
    expect((await beforeSend(String(viewer.id), 'hello')).reply).toEqual({ ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: t('chat.restrictions.banned') });

    const other = await person();
    const advert = await beforeSend(String(other.id), '加微信 abc12345 领红包');
    expect(advert.reply.ErrorCode).toBe(1);
    expect(advert.reply.ErrorInfo).toContain(t('chat.restrictions.accountForbidden'));

    expect((await beforeSend('guest_0123456789abcdef', 'hi')).reply).toEqual({ ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: t('chat.restrictions.loginToChat') });
    const custom = await beforeSend(String(other.id), '', {
      body: { CallbackCommand: 'Group.CallbackBeforeSendMsg', GroupId: `live_${anchor.id}`, From_Account: String(other.id), MsgBody: [{ MsgType: 'TIMCustomElem', MsgContent: { Data: '{}' } }] },
    });
    expect(custom.reply).toEqual({ ActionStatus: 'OK', ErrorCode: 1, ErrorInfo: t('chat.tencent.unsupportedMessage') });
  });

  it('refuses unsigned, wrongly signed, stale and other apps\' calls, and answers bad bodies without a server error', async () => {
    const viewer = await person();
    for (const sign of ['none', 'wrong', 'stale'] as const) {
      expect(await beforeSend(String(viewer.id), 'hi', { sign })).toMatchObject({ httpStatus: 401, reply: { ActionStatus: 'FAIL', ErrorCode: 1, ErrorInfo: t('chat.tencent.unsignedCallback') } });
    }
    expect((await beforeSend(String(viewer.id), 'hi', { sdkAppId: 1400000002 })).httpStatus).toBe(401);
    for (const body of ['{', '[]', JSON.stringify({ CallbackCommand: 'Group.CallbackBeforeSendMsg', GroupId: 'other_group', From_Account: '1', MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: 'x' } }] })]) {
      const answer = await beforeSend(String(viewer.id), '', { body });
      expect(answer.httpStatus).toBe(200);
      expect(answer.reply.ErrorCode).toBe(1);
    }
  });

  it('stores an after-send line in the room\'s history once, where a manager\'s delete removes it', async () => {
    const viewer = await person();
    const room = `live:${anchor.id}`;
    const sent = await callback('Group.CallbackAfterSendMsg', String(viewer.id), '  Goal!!  ');
    expect(sent.reply).toEqual({ ActionStatus: 'OK', ErrorCode: 0, ErrorInfo: '' });
    // Tencent retries a callback it got no answer to: the line is stored once.
    const again = await callback('Group.CallbackAfterSendMsg', String(viewer.id), '  Goal!!  ', {
      body: { CallbackCommand: 'Group.CallbackAfterSendMsg', GroupId: `live_${anchor.id}`, From_Account: String(viewer.id), MsgSeq: sent.msgSeq, MsgTime: Math.floor(Date.now() / 1000), MsgBody: [{ MsgType: 'TIMTextElem', MsgContent: { Text: '  Goal!!  ' } }] },
    });
    expect(again.reply.ErrorCode).toBe(0);
    const logged = (await getBus().readBefore(room, undefined, 50)).map((entry) => parseLogged(entry.frame)).filter((message) => message.id === `tim_${sent.msgSeq}`);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ type: 'say', user_id: viewer.id, nick_name: viewer.nickName, content: 'Goal!!', props_type: 0 });
    // Nothing of it went back to Tencent: the group has it already.
    await tencentRelayIdle();
    expect(standIn.accepted.some((message) => message.data.includes(`tim_${sent.msgSeq}`) && message.type === 'say')).toBe(false);

    const deleted = await callRoute(deleteRoute, { credential: manager.credential, body: { groupId: room, id: `tim_${sent.msgSeq}` } });
    expect(deleted.status).toBe(0);
    const remaining = (await getBus().readBefore(room, undefined, 50)).map((entry) => parseLogged(entry.frame));
    expect(remaining.some((message) => message.id === `tim_${sent.msgSeq}`)).toBe(false);
    // The delete itself goes to the Tencent group, so its viewers drop the line too.
    await tencentRelayIdle();
    expect(standIn.accepted.some((message) => message.type === 'clearChat' && JSON.parse(message.data).msg_id === `tim_${sent.msgSeq}`)).toBe(true);
  });
});
