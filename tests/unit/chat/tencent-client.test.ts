// The Tencent Cloud Chat client at the SDK's boundary: the SDK speaks Tencent's own, undocumented protocol to
// Tencent's servers, so no stand-in can stand behind it (docs/im.md); here a scripted SDK module takes its place and
// the client is held to what the chat needs: sign-in with the UserSig, the AVChatRoom join, server messages once
// and in seq order, viewers' text lines, a refused line's reason, the custom frames to the server account and its
// replies (one-to-one), pings, error 70001 and the kicked-out event (spec §8).
import { createTencentImClient, type TimSdk } from '@/lib/im/tencent-client';
import type { ImEvent } from '@/lib/im/types';

type Handler = (event: { data: unknown }) => void;
const TYPES = { GRP_AVCHATROOM: 'AVChatRoom', CONV_GROUP: 'GROUP', CONV_C2C: 'C2C', MSG_TEXT: 'TIMTextElem', MSG_CUSTOM: 'TIMCustomElem' };
const EVENT = { SDK_READY: 'sdkStateReady', SDK_NOT_READY: 'sdkStateNotReady', MESSAGE_RECEIVED: 'onMessageReceived', KICKED_OUT: 'kickedOut' };

function scriptedSdk(options: { loginError?: { code: number; message: string }; sendError?: { code: number; message: string } } = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  const handlers = new Map<string, Handler[]>();
  let sequence = 100;
  const sdk: TimSdk = {
    EVENT,
    TYPES,
    create(createOptions) {
      calls.push({ method: 'create', args: [createOptions] });
      return {
        setLogLevel: (level) => void calls.push({ method: 'setLogLevel', args: [level] }),
        on: (event, handler) => void handlers.set(event, [...(handlers.get(event) ?? []), handler]),
        async login(login) {
          calls.push({ method: 'login', args: [login] });
          if (options.loginError) throw options.loginError;
          queueMicrotask(() => emit(EVENT.SDK_READY, {}));
        },
        logout: async () => void calls.push({ method: 'logout', args: [] }),
        destroy: async () => void calls.push({ method: 'destroy', args: [] }),
        joinGroup: async (join) => void calls.push({ method: 'joinGroup', args: [join] }),
        quitGroup: async (groupID) => void calls.push({ method: 'quitGroup', args: [groupID] }),
        createTextMessage: (message) => ({ ...message }),
        createCustomMessage: (message) => ({ ...message }),
        async sendMessage(message) {
          calls.push({ method: 'sendMessage', args: [message] });
          if (options.sendError) throw options.sendError;
          const { to, payload } = message as { to: string; payload: { text: string } };
          sequence += 1;
          return { data: { message: { ID: 'x', type: TYPES.MSG_TEXT, to, from: '42', nick: 'Me', time: 1_700_000_000, sequence, conversationType: TYPES.CONV_GROUP, payload } } };
        },
      };
    },
  };
  const emit = (event: string, data: unknown) => handlers.get(event)?.forEach((handler) => handler({ data }));
  return { sdk, calls, emit };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const identity = { id: '42', sig: 'user-sig', sdkappid: 1400000001, expires_in: 86_400, admin: 'administrator', user: { id: 42, guest: false, nick_name: 'Me', level: 3, vip_level: 1, role: 'user' as const } };
const custom = (frame: object, to = 'live_7') => ({ ID: 'c', type: TYPES.MSG_CUSTOM, to, from: 'administrator', time: 1, conversationType: TYPES.CONV_GROUP, payload: { data: JSON.stringify(frame) } });

async function connected(options?: Parameters<typeof scriptedSdk>[0], extra: { pingMs?: number } = {}) {
  const scripted = scriptedSdk(options);
  let loads = 0;
  const client = createTencentImClient({
    ...extra,
    deviceId: async () => 'device-1',
    fetchUserSig: async () => identity,
    loadSdk: async () => {
      loads += 1;
      return scripted.sdk;
    },
  });
  const events: ImEvent[] = [];
  client.on((event) => events.push(event));
  client.join('live:7');
  client.connect();
  await flush();
  await flush();
  return { client, events, ...scripted, loads: () => loads };
}

it('signs in with the UserSig at log level 1 and joins the room\'s AVChatRoom group once ready', async () => {
  const { client, calls, events, loads } = await connected();
  expect(loads()).toBe(1);
  expect(calls.slice(0, 3)).toEqual([
    { method: 'create', args: [{ SDKAppID: 1400000001 }] },
    { method: 'setLogLevel', args: [1] },
    { method: 'login', args: [{ userID: '42', userSig: 'user-sig' }] },
  ]);
  expect(calls).toContainEqual({ method: 'joinGroup', args: [{ groupID: 'live_7', type: 'AVChatRoom' }] });
  expect(client.state).toBe('ready');
  expect(events.filter((event) => event.kind === 'state').map((event) => event.kind === 'state' && event.state)).toEqual(['connecting', 'ready']);
  expect(events).toContainEqual({ kind: 'frame', frame: { type: 'authed', user: identity.user } });
  expect(events).toContainEqual({ kind: 'joined', frame: expect.objectContaining({ type: 'joined', groupId: 'live:7', can_moderate: 0 }) });
  client.leave('live:7');
  expect(calls).toContainEqual({ method: 'quitGroup', args: ['live_7'] });
});

it('passes the server\'s room messages on once and in seq order, and viewers\' lines under the id the history stores', async () => {
  const { events, emit } = await connected();
  emit(EVENT.MESSAGE_RECEIVED, [custom({ seq: 5, type: 'gift', groupId: 'live:7', id: 'g' }), custom({ seq: 5, type: 'gift', groupId: 'live:7', id: 'g' })]);
  emit(EVENT.MESSAGE_RECEIVED, [custom({ seq: 4, type: 'say', groupId: 'live:7' }), custom({ seq: 6, type: 'bannedUser', groupId: 'live:7', user_id: 3 })]);
  // Not ours: another group, a type we do not know, a body that is not JSON.
  emit(EVENT.MESSAGE_RECEIVED, [custom({ seq: 9, type: 'gift' }, 'live_8'), custom({ seq: 10, type: 'unknown' }), { ...custom({}), payload: { data: '{' } }]);
  emit(EVENT.MESSAGE_RECEIVED, [{ ID: 't', type: TYPES.MSG_TEXT, to: 'live_7', from: '55', nick: 'Fan', time: 1_700_000_001, sequence: 77, conversationType: TYPES.CONV_GROUP, payload: { text: 'Goal!' } }]);
  const messages = events.flatMap((event) => (event.kind === 'message' ? [event.message] : []));
  expect(messages.map((message) => [message.type, message.seq])).toEqual([['gift', 5], ['bannedUser', 6], ['say', undefined]]);
  expect(messages[2]).toMatchObject({ id: 'tim_77', user_id: 55, nick_name: 'Fan', content: 'Goal!', send_time: 1_700_000_001_000, groupId: 'live:7' });
});

it('sends a line as a group text message and answers sayRep; a refusal of the before-send callback comes back with its reason', async () => {
  const ok = await connected();
  expect(ok.client.send({ type: 'say', groupId: 'live:7', content: 'hello', props_type: 0, props_id: 0, client_id: 'c1' })).toBe(true);
  await flush();
  expect(ok.calls).toContainEqual({ method: 'sendMessage', args: [{ to: 'live_7', conversationType: 'GROUP', payload: { text: 'hello' } }] });
  expect(ok.events).toContainEqual({ kind: 'frame', frame: expect.objectContaining({ type: 'sayRep', client_id: 'c1', status: 0, message: expect.objectContaining({ id: 'tim_101', content: 'hello' }) }) });
  // Frames the Tencent client has no carrier for are refused, not dropped silently.
  expect(ok.client.send({ type: 'clearChat', groupId: 'live:7', id: 'x' })).toBe(false);

  const refused = await connected({ sendError: { code: 10016, message: 'Phone numbers cannot be shared in chat.' } });
  refused.client.send({ type: 'say', groupId: 'live:7', content: '138 0013 8000', props_type: 0, props_id: 0, client_id: 'c2' });
  await flush();
  expect(refused.events).toContainEqual({ kind: 'frame', frame: { type: 'sayRep', groupId: 'live:7', client_id: 'c2', status: 1, msg: 'Phone numbers cannot be shared in chat.' } });
});

it('asks for a login on error 70001 and, kicked out by another login, resets and destroys the SDK instance (spec §8)', async () => {
  const expired = await connected({ loginError: { code: 70001, message: 'UserSig expired' } });
  expect(expired.events).toContainEqual({ kind: 'loginRequired', msg: 'UserSig expired' });
  expect(expired.client.state).toBe('closed');

  const kicked = await connected();
  kicked.emit(EVENT.KICKED_OUT, { type: 'multipleAccount' });
  expect(kicked.client.state).toBe('kickedOut');
  expect(kicked.events).toContainEqual({ kind: 'kickedOut', msg: '' });
  await flush();
  expect(kicked.calls).toContainEqual({ method: 'destroy', args: [] });
  // Nothing more is passed on from the destroyed instance.
  kicked.emit(EVENT.MESSAGE_RECEIVED, [custom({ seq: 20, type: 'gift', groupId: 'live:7' })]);
  expect(kicked.events.some((event) => event.kind === 'message')).toBe(false);
  expect(kicked.client.send({ type: 'say', groupId: 'live:7', content: 'x', props_type: 0, props_id: 0 })).toBe(false);
});

const c2c = (frame: object, from = 'administrator', type = TYPES.MSG_CUSTOM) => ({ ID: 'd', type, to: '42', from, time: 1, conversationType: TYPES.CONV_C2C, payload: { data: JSON.stringify(frame), text: 'hi' } });

it('sends login, giftFeed and quizPrompt as one-to-one custom messages to the server account named by getUserSig', async () => {
  const { client, calls } = await connected();
  const frames = [
    { type: 'login' as const, groupId: 'live:7', channel: 'web' },
    { type: 'giftFeed' as const, groupId: 'live:7', anchor_id: 7, gift_id: 3, count: 1, idempotency_key: 'k1' },
    { type: 'quizPrompt' as const, groupId: 'live:7', guess_id: 12 },
  ];
  for (const frame of frames) expect(client.send(frame)).toBe(true);
  await flush();
  const sent = calls.filter((call) => call.method === 'sendMessage').map((call) => call.args[0]);
  expect(sent).toEqual(frames.map((frame) => ({ to: 'administrator', conversationType: 'C2C', payload: { data: JSON.stringify(frame), description: frame.type, extension: '' } })));
});

it('pings the server account with the device id and the room every interval (spec §7), and stops when destroyed', async () => {
  const { client, calls } = await connected(undefined, { pingMs: 20 });
  const pingsSent = () => calls.filter((call) => call.method === 'sendMessage' && (call.args[0] as { payload: { description?: string } }).payload.description === 'ping');
  // Waits for two intervals however slow the machine (a loaded CI runner fired only one in 70 ms).
  for (const deadline = Date.now() + 5_000; pingsSent().length < 2 && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 10));
  const pings = pingsSent();
  expect(pings.length).toBeGreaterThanOrEqual(2);
  expect(pings.at(-1)?.args[0]).toEqual({ to: 'administrator', conversationType: 'C2C', payload: { data: JSON.stringify({ type: 'ping', device_id: 'device-1', groupId: 'live:7' }), description: 'ping', extension: '' } });
  client.destroy();
  const sends = () => calls.filter((call) => call.method === 'sendMessage').length;
  const before = sends();
  await new Promise((resolve) => setTimeout(resolve, 60));
  expect(sends()).toBe(before);
});

it('passes the server account\'s one-to-one custom messages on as frames, and ignores anyone else\'s', async () => {
  const { events, emit } = await connected();
  const reply = { type: 'giftFeedRep', groupId: 'live:7', idempotency_key: 'k1', status: 0, msg: 'Sent', bal: { diamond: 4 }, hit: 2 };
  emit(EVENT.MESSAGE_RECEIVED, [c2c(reply)]);
  // Another viewer's custom or text message, the admin's text, a body that is not a frame: none is a server frame.
  emit(EVENT.MESSAGE_RECEIVED, [c2c({ type: 'giftFeedRep', status: 0 }, '55'), c2c({ type: 'loginRep' }, '55', TYPES.MSG_TEXT), c2c({ type: 'loginRep' }, 'administrator', TYPES.MSG_TEXT), { ...c2c({}), payload: { data: '{' } }, c2c([1])]);
  const frames = events.flatMap((event) => (event.kind === 'frame' && event.frame.type !== 'authed' ? [event.frame] : []));
  expect(frames).toEqual([reply]);
  expect(events.some((event) => event.kind === 'message')).toBe(false);
});

it('turns a refusal of a gift send by the C2C callback into its giftFeedRep, with the reason', async () => {
  const { client, events } = await connected({ sendError: { code: 10016, message: 'Log in to send gifts.' } });
  client.send({ type: 'giftFeed', groupId: 'live:7', anchor_id: 7, gift_id: 3, count: 1, idempotency_key: 'k9' });
  await flush();
  expect(events).toContainEqual({ kind: 'frame', frame: { type: 'giftFeedRep', groupId: 'live:7', idempotency_key: 'k9', status: 1, msg: 'Log in to send gifts.' } });
});
