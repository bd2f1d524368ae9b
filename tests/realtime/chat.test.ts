// Live-room chat with real WebSocket clients: guests watch but cannot send, viewers see each other's lines
// (across two gateways when Redis is set), the server's chat limits, login lines, history pages, props,
// match rooms, and priority delivery under load.
import { GET as getUserSig } from '@/app/api/scIm/getUserSig/route';
import { GET as chatConfig } from '@/app/api/live/chat_config/route';
import { matchChannel } from '@/lib/realtime/match-messages';
import { liveStatuses } from '@/lib/validation/live';
import { chatConfigReply, guestIdentityReply, liveRoomKey, type GuestIdentity } from '@/lib/validation/chat';
import { liveStateChannel, type LiveStateEvent } from '@/lib/server/live-state/state';
import { forgetStaffNames } from '@/lib/server/chat/chat-users';
import { judgeChatLine } from '@/lib/server/chat/judge-line';
import { createSpeakerStates } from '@/lib/server/chat/counters';
import { freshSpeakerState } from '@/lib/server/chat/rules';
import { serverTranslator } from '@/lib/server/http/translate';
import { getBus } from '@/lib/realtime/bus';
import { publishRoomMessage, newMessageId } from '@/lib/server/chat/publish';
import { getDb } from '@/lib/db';
import { itemAsset } from '@/lib/server/ledger/accounts';
import { grantItems } from '@/lib/server/ledger/grants';
import { callRoute } from '../support/call-route';
import { expectReplyShape } from '../support/reply-shape';
import { createUser, eventually, setChatConfig, setChatKeywords, sleep, startGateways, TestClient, type Frame, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const first = () => gateways[0];
const last = () => gateways[gateways.length - 1];
const opened: TestClient[] = [];

async function connect(gateway: RunningGateway, user?: TestUser): Promise<TestClient> {
  const client = await TestClient.connect(gateway.port);
  opened.push(client);
  if (user) expect(await client.auth(user)).toMatchObject({ type: 'authed' });
  return client;
}

beforeAll(async () => {
  gateways = await startGateways();
});
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
});
beforeEach(() => setChatConfig({ speakRateToggle: 0, speakRate: 2 }));

describe('chat config and guests', () => {
  it('serves the chat limits with the spec defaults', async () => {
    const reply = await callRoute(chatConfig, { method: 'GET' });
    expect(reply).toMatchObject({
      status: 0,
      data: { total_trigger: 3, continue_trigger_num: 2, num_msg_count: 2, single_msg_num_length: 3, link_set_toggle: 1 },
    });
    expectReplyShape(chatConfigReply, reply.data);
  });

  it('lets a guest watch a room but not send', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const guestIdentity = await callRoute<GuestIdentity>(getUserSig, { method: 'GET' });
    expect(guestIdentity.data.id).toMatch(/^guest_[0-9a-f]{16}$/);
    expectReplyShape(guestIdentityReply, guestIdentity.data);

    const guest = await connect(first());
    expect(await guest.auth({ uid: guestIdentity.data.id, sig: guestIdentity.data.sig })).toMatchObject({ type: 'authed', user: { guest: true } });
    expect(await guest.join(room)).toMatchObject({ type: 'joined', can_moderate: 0 });
    const refused = await guest.say(room, 'hello');
    expect(refused).toMatchObject({ status: 70001, msg: 'Log in to chat.' });

    const anchorClient = await connect(last(), anchor);
    await anchorClient.join(room);
    await anchorClient.say(room, 'welcome everyone');
    await guest.next((frame) => frame.type === 'say' && frame.content === 'welcome everyone');
  });

  it('refuses a forged guest sig and a join before signing in', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const client = await connect(first());
    expect(await client.join(liveRoomKey(anchor.id))).toMatchObject({ type: 'error', code: 70001 });
    const { data } = await callRoute<{ id: string; sig: string }>(getUserSig, { method: 'GET' });
    const forged = `${data.sig.slice(0, -1)}${data.sig.endsWith('0') ? '1' : '0'}`;
    expect(await client.auth({ uid: data.id, sig: forged })).toMatchObject({ type: 'error', code: 70001 });
  });

  it('refuses a room that is not an anchor’s', async () => {
    const viewer = await createUser();
    const client = await connect(first(), viewer);
    expect(await client.join(liveRoomKey(viewer.id))).toMatchObject({ type: 'error', msg: 'This live room does not exist.' });
  });
});

describe('messages', () => {
  it('delivers a line to every viewer with its sender, as plain text, numbered', async () => {
    const anchor = await createUser({ role: 'anchor', nickName: 'Coach' });
    const room = liveRoomKey(anchor.id);
    const alice = await createUser({ nickName: 'Alice', level: 5 });
    const bob = await createUser({ nickName: 'Bob' });
    const a = await connect(first(), alice);
    const b = await connect(last(), bob);
    await a.join(room);
    await b.join(room);

    const rep = await a.say(room, '  <img src=x onerror=alert(1)>   hi\u202Ethere 😀 ');
    expect(rep).toMatchObject({ status: 0, message: { content: '<img src=x onerror=alert(1)> hi there 😀', nick_name: 'Alice', level: 5 } });
    const seen = await b.next((frame) => frame.type === 'say' && frame.user_id === alice.id);
    // Text, never markup: the browser renders it as text; the server only normalises whitespace and invisibles.
    expect(seen).toMatchObject({ content: '<img src=x onerror=alert(1)> hi there 😀', nick_name: 'Alice', seq: expect.any(Number) });
    const second = await b.say(room, 'hello Alice');
    expect((second.message as Frame).seq).toBe((seen.seq as number) + 1);
  });

  it('places a line at the moment of the sender’s picture when that is a recent past, and at its sending otherwise (issue 27)', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewer = await connect(first(), await createUser({ nickName: 'Behind' }));
    const other = await connect(last(), await createUser());
    await viewer.join(room);
    await other.join(room);
    const watching = Date.now() - 6_000;
    const placed = await viewer.say(room, 'what a save', { video_at: watching });
    expect(placed).toMatchObject({ status: 0, message: { video_at: watching } });
    expect(await other.next((frame) => frame.type === 'say' && frame.content === 'what a save')).toMatchObject({ video_at: watching });
    // A clock from the future, or from longer ago than anyone is held back, is not kept.
    for (const [content, videoAt] of [['from the future', Date.now() + 60_000], ['from long ago', Date.now() - 120_000]] as const) {
      const reply = await viewer.say(room, content, { video_at: videoAt });
      expect(reply).toMatchObject({ status: 0 });
      expect((reply.message as Frame).video_at).toBeUndefined();
    }
    const from = viewer.frames.length;
    viewer.send({ type: 'say', groupId: room, content: 'not a clock', video_at: 'soon' } as Record<string, unknown>);
    expect(await viewer.next((frame) => frame.type === 'error', { from })).toMatchObject({ msg: 'Unknown or malformed frame.' });
  });

  it('refuses empty and overlong lines, and props the viewer does not have', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    const client = await connect(first(), viewer);
    await client.join(room);
    expect(await client.say(room, '   ')).toMatchObject({ status: 1, msg: 'Type a message first.' });
    expect(await client.say(room, 'x'.repeat(101))).toMatchObject({ status: 1, msg: 'A message can be at most 100 characters.' });
    expect(await client.say(room, 'shiny', { props_type: 101, props_id: 2 })).toMatchObject({ status: 1, msg: 'You have none of this prop left. Buy more in the mall.' });

    // Props are backpack items (tests/realtime/chat-props.test.ts): with one each, the line goes out.
    const holder = await createUser();
    const db = await getDb();
    for (const asset of [itemAsset(101, 4), itemAsset(100)]) {
      await grantItems(db, { userId: holder.id, asset, count: 1, idempotencyKey: `test:chat:${holder.id}:${asset}`, note: 'chat test' });
    }
    const vipClient = await connect(last(), holder);
    await vipClient.join(room);
    expect(await vipClient.say(room, 'shiny', { props_type: 101, props_id: 4 })).toMatchObject({ status: 0, message: { type: 'say', props_type: 101, props_id: 4 } });
    const speaker = await vipClient.say(room, 'big news', { props_type: 100 });
    expect(speaker).toMatchObject({ status: 0, message: { type: 'props', props_type: 100 } });
    await client.next((frame) => frame.type === 'props' && frame.content === 'big news');
  });

  it('shows a viewer who imitates the anchor’s name with their id after it (issue 18)', async () => {
    const anchor = await createUser({ role: 'anchor', nickName: 'Coach Qin' });
    // Taken before names were reserved: Cyrillic о, and a capital I for the l.
    const impostor = await createUser({ nickName: 'C\u043Each QIn' });
    forgetStaffNames();
    const room = liveRoomKey(anchor.id);
    const a = await connect(first(), anchor);
    const i = await connect(last(), impostor);
    await a.join(room);
    await i.join(room);
    expect(await i.say(room, 'I am the coach')).toMatchObject({ status: 0, message: { nick_name: `C\u043Each QIn#${impostor.id}` } });
    const seen = await a.next((frame) => frame.type === 'say' && frame.user_id === impostor.id);
    expect(seen.nick_name).toBe(`C\u043Each QIn#${impostor.id}`);
    expect(await a.say(room, 'No, I am')).toMatchObject({ status: 0, message: { nick_name: 'Coach Qin', role: 'anchor' } });
  });

  it('answers in the sender’s language', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    const client = await connect(first());
    client.send({ type: 'auth', token: viewer.credential, lang: 'zh_cn', device_id: 'zh-device' });
    await client.nextOfType('authed');
    await client.join(room);
    expect(await client.say(room, 'see www.example.com')).toMatchObject({ status: 1, msg: '聊天中禁止发送链接。再发一次将被禁言 2 分钟。' });
  });
});

describe('chat limits (server-enforced)', () => {
  it('limits the speaking rate', async () => {
    await setChatConfig({ speakRateToggle: 1, speakRate: 2 });
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    const client = await connect(first(), viewer);
    await client.join(room);
    expect(await client.say(room, 'one')).toMatchObject({ status: 0 });
    expect(await client.say(room, 'two')).toMatchObject({ status: 1, msg: 'You are sending messages too frequently. Try again in 2 s.', wait_seconds: 2 });
    // The anchor keeps order in their room and is not limited.
    const anchorClient = await connect(first(), anchor);
    await anchorClient.join(room);
    expect(await anchorClient.say(room, 'first')).toMatchObject({ status: 0 });
    expect(await anchorClient.say(room, 'second')).toMatchObject({ status: 0 });
  });

  it('times a line from its arrival, however long the database then took to judge it', async () => {
    await setChatConfig({ speakRateToggle: 1, speakRate: 2 });
    const anchor = await createUser({ role: 'anchor' });
    const viewer = await createUser();
    const line = (content: string) => ({ userId: viewer.id, brandId: 'sportcast', room: { kind: 'live' as const, key: liveRoomKey(anchor.id), id: anchor.id }, content, props_type: 0, props_id: 0 });
    const speakers = createSpeakerStates();
    const t = serverTranslator('en-US');
    const arrived = Date.now();
    expect(await judgeChatLine(await getDb(), getBus(), speakers, line('one'), t, arrived)).toMatchObject({ ok: true });
    // The second line arrived a second later but is judged only now, 2.1 s on (the database was busy).
    await sleep(2_100);
    expect(await judgeChatLine(await getDb(), getBus(), speakers, line('two'), t, arrived + 1_000)).toMatchObject({ ok: false, key: 'chat.restrictions.tooFrequent' });
  });

  it('keeps what a speaker did before Redis connected (the Postgres and Redis pass runs this against Redis)', async () => {
    const speakers = createSpeakerStates();
    const state = { ...freshSpeakerState, lastAt: Date.now(), total: 2 };
    // Written at once, while a Redis store is still connecting (its commands are refused, not queued), then read once
    // it is up: an empty Redis must not make the viewer new again.
    await speakers.set('live:1', 42, state);
    await sleep(300);
    expect(await speakers.get('live:1', 42)).toEqual(state);
    await speakers.close();
  });

  it('lets football numbers through and refuses contact details with a warning that says why (issue 18)', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    const client = await connect(first(), viewer);
    await client.join(room);
    for (const line of ['Senegal 1-0 up at the break', 'Sarr pen in the 44th', 'I think it ends 2-1', 'Ecuador need 2 goals now']) {
      expect(await client.say(room, line)).toMatchObject({ status: 0 });
    }
    expect(await client.say(room, 'add me 138 1234 5678')).toMatchObject({
      status: 1,
      msg: 'Phone numbers cannot be shared in chat. Send another and you will be muted for 2 minutes.',
    });
    expect(await client.say(room, '萨尔第44分钟点球，1比0')).toMatchObject({ status: 0 });
  });

  it('refuses the brand’s blocked words: viewers are warned then muted, the room’s anchor is refused without a mute', async () => {
    await setChatKeywords('sportcast', ['scalper', '代购']);
    try {
      const anchor = await createUser({ role: 'anchor' });
      const room = liveRoomKey(anchor.id);
      const viewer = await connect(first(), await createUser());
      await viewer.join(room);
      // Whole words only: a longer word that contains it is football talk.
      expect(await viewer.say(room, 'Escalperino is not a word but passes')).toMatchObject({ status: 0 });
      expect(await viewer.say(room, 'ask the SCALPER outside gate 3')).toMatchObject({
        status: 1,
        msg: 'Your message contains a word that is not allowed here. Send another and you will be muted for 2 minutes.',
      });
      const muted = await viewer.say(room, '球衣找我代 购');
      expect(muted).toMatchObject({ status: 1, msg: 'Your message contains a word that is not allowed here. You cannot chat for 2 minutes.', banned_until: expect.any(Number) });

      const host = await connect(last(), anchor);
      await host.join(room);
      expect(await host.say(room, 'no scalper links please')).toMatchObject({ status: 1, msg: 'Your message contains a word that is not allowed here.' });
      expect(await host.say(room, 'no ticket touts please')).toMatchObject({ status: 0 });
    } finally {
      await setChatKeywords('sportcast', []);
    }
  });

  it('warns at the first link and mutes for 2 minutes at the second, quietly: the earlier lines stay and the room is not told', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const spammer = await createUser({ nickName: 'Spammer' });
    const watcher = await createUser();
    const s = await connect(first(), spammer);
    const w = await connect(last(), watcher);
    await s.join(room);
    await w.join(room);
    expect(await s.say(room, 'cheap seats behind the goal this year')).toMatchObject({ status: 0 });
    expect(await s.say(room, 'visit http://spam.example/x')).toMatchObject({
      status: 1,
      msg: 'Links are not allowed in chat. Send another and you will be muted for 2 minutes.',
    });
    const muted = await s.say(room, 'visit spam.xyz now');
    expect(muted).toMatchObject({ status: 1, msg: 'Links are not allowed in chat. Suspected advertising: you cannot chat for 2 minutes.', banned_until: expect.any(Number) });
    expect(muted.banned_until as number).toBeGreaterThan(Date.now() + 60_000);
    expect(muted.banned_until as number).toBeLessThan(Date.now() + 3 * 60_000);
    expect(await s.say(room, 'hello?')).toMatchObject({ status: 1, msg: 'You have been banned and cannot chat until the ban ends.' });

    await sleep(300);
    expect(w.frames.some((frame) => frame.type === 'bannedUser')).toBe(false);
    const late = await connect(first(), await createUser());
    const joined = await late.join(room);
    expect((joined.history as Frame[]).some((line) => line.user_id === spammer.id && line.content === 'cheap seats behind the goal this year')).toBe(true);
  });

  it('mutes after the total trigger count, even with clean lines between', async () => {
    await setChatConfig({ continueTriggerToggle: 0 });
    try {
      const anchor = await createUser({ role: 'anchor' });
      const room = liveRoomKey(anchor.id);
      const viewer = await createUser();
      const client = await connect(first(), viewer);
      await client.join(room);
      expect(await client.say(room, 'call 1234567')).toMatchObject({ status: 1, msg: 'Phone numbers cannot be shared in chat.' });
      expect(await client.say(room, 'sorry')).toMatchObject({ status: 0 });
      expect(await client.say(room, 'wx: bifen888')).toMatchObject({
        status: 1,
        msg: 'Contact accounts (WeChat, QQ, WhatsApp, Telegram, email…) cannot be shared in chat. Send another and you will be muted for 2 minutes.',
      });
      expect(await client.say(room, 'sorry')).toMatchObject({ status: 0 });
      expect(await client.say(room, 'DM me for fixed matches')).toMatchObject({
        status: 1,
        msg: 'Inviting people to contact you elsewhere, or selling tips and services, is not allowed in chat. Suspected advertising: you cannot chat for 2 minutes.',
      });
    } finally {
      await setChatConfig({ continueTriggerToggle: 1 });
    }
  });
});

describe('entering a room', () => {
  it('shows a login line for notable viewers once within 30 messages, and a welcome for the others', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const watcher = await connect(first(), await createUser());
    await watcher.join(room);

    const vip = await createUser({ vipLevel: 2, nickName: 'Vippy' });
    const vipClient = await connect(last(), vip);
    await vipClient.join(room);
    vipClient.send({ type: 'login', groupId: room, channel: 'official' });
    await vipClient.nextOfType('loginRep');
    const line = await watcher.next((frame) => frame.type === 'login' && frame.user_id === vip.id);
    expect(line).toMatchObject({ line: 1, vip_level: 2, nick_name: 'Vippy', seq: expect.any(Number) });

    const from = vipClient.frames.length;
    vipClient.send({ type: 'first', groupId: room, channel: 'official' });
    await vipClient.nextOfType('loginRep', from);
    await sleep(150);
    expect(watcher.frames.filter((frame) => frame.type === 'login' && frame.user_id === vip.id)).toHaveLength(1);

    const plain = await createUser({ nickName: 'Plain', level: 3 });
    const plainClient = await connect(last(), plain);
    await plainClient.join(room);
    plainClient.send({ type: 'login', groupId: room });
    const welcome = await watcher.next((frame) => frame.type === 'login' && frame.user_id === plain.id);
    // A welcome is shown and forgotten: it carries no number and never comes back through recovery.
    expect(welcome).toMatchObject({ line: 0, nick_name: 'Plain' });
    expect(welcome.seq).toBeUndefined();
  });

  it('pages the history 20 at a time and says when there is no more', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    for (let index = 1; index <= 25; index += 1) {
      await publishRoomMessage(first().bus, {
        type: 'say', groupId: room, id: newMessageId(), user_id: anchor.id, nick_name: anchor.nickName, avatar: '', level: 1, vip_level: 0, role: 'anchor',
        content: `line ${String.fromCharCode(96 + index)}`, props_type: 0, props_id: 0, send_time: Date.now(),
      });
    }

    const reader = await connect(last(), await createUser());
    const joined = await reader.join(room);
    const page = joined.history as Frame[];
    expect(joined).toMatchObject({ mode: 'reset', no_more: 0 });
    expect(page.map((line) => line.content)).toEqual(Array.from({ length: 20 }, (_, index) => `line ${String.fromCharCode(96 + 6 + index)}`));
    reader.send({ type: 'history', groupId: room, before_seq: Number(page[0].seq) });
    const older = await reader.nextOfType('historyRep');
    expect(older).toMatchObject({ no_more: 1 });
    expect((older.msgs as Frame[]).map((line) => line.content)).toEqual(['line a', 'line b', 'line c', 'line d', 'line e']);
  });
});

describe('live state', () => {
  it('reports the anchor’s live state with the viewer count, following the live events', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const early = await connect(first(), await createUser());
    await early.join(room);
    expect(await early.nextOfType('heatRep')).toMatchObject({ groupId: room, val: 1, status: liveStatuses.notStarted });

    const event: LiveStateEvent = { live_id: 1, anchor_id: anchor.id, stream: 'live-state-test', status: 'live', ticketed: false };
    await first().bus.publish(liveStateChannel, JSON.stringify(event));
    await sleep(100);
    const late = await connect(last(), await createUser());
    await late.join(room);
    expect(await late.nextOfType('heatRep')).toMatchObject({ groupId: room, status: liveStatuses.live });
  });
});

describe('rooms of other kinds', () => {
  it('forwards a match room’s live data to its viewers', async () => {
    const client = await connect(last(), await createUser());
    expect(await client.join('match:1033')).toMatchObject({ type: 'joined', mode: 'reset' });
    await first().bus.publish(matchChannel(1033), JSON.stringify({ type: 'scoreLive', match_id: 1033, home_score: 1, away_score: 0 }));
    expect(await client.nextOfType('scoreLive')).toMatchObject({ groupId: 'match:1033', match_id: 1033, home_score: 1 });
  });

  it('refuses the room of a match that does not exist', async () => {
    const client = await connect(first(), await createUser());
    expect(await client.join('match:4242')).toMatchObject({ type: 'error', groupId: 'match:4242', msg: 'This chat room does not exist.' });
  });

  it('keeps a private conversation to its two people', async () => {
    const alice = await createUser();
    const bob = await createUser();
    const eve = await createUser();
    const room = `private:${Math.min(alice.id, bob.id)}-${Math.max(alice.id, bob.id)}`;
    const a = await connect(first(), alice);
    const b = await connect(last(), bob);
    const e = await connect(first(), eve);
    expect(await a.join(room)).toMatchObject({ type: 'joined' });
    expect(await b.join(room)).toMatchObject({ type: 'joined' });
    expect(await e.join(room)).toMatchObject({ type: 'error', msg: 'This conversation is private.' });
    await a.say(room, 'just us');
    await b.next((frame) => frame.type === 'say' && frame.content === 'just us');
  });
});

describe('priority under load', () => {
  it('batches chat above the frame budget, aggregates identical lines, and never delays a gift', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const watcher = await connect(last(), await createUser());
    await watcher.join(room);
    const start = watcher.frames.length;

    // 60 lines at once (far above 10 frames/s): 40 of them the same "GOAL!!!".
    const senders = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const clients = await Promise.all(senders.map((sender) => connect(first(), sender)));
    for (const client of clients) await client.join(room);
    const replies = clients.flatMap((client, index) =>
      Array.from({ length: 10 }, (_, line) => client.say(room, index < 4 ? 'GOAL!!!' : `go team ${String.fromCharCode(97 + line)}${String.fromCharCode(97 + index)}`)),
    );
    const gift = publishRoomMessage(first().bus, {
      type: 'gift', groupId: room, id: newMessageId(), user_id: anchor.id, nick_name: 'Coach', avatar: '', level: 1, vip_level: 0, role: 'anchor',
      giftid: 7, gift_name: 'Rocket', icon: '', animation: '', animat_type: 0, duration: 5000, count: 1, hit: 1, send_time: Date.now(),
    });
    await Promise.all([...replies, gift]);
    // Every sender saw its own line confirmed, whatever the room's viewers were shown.
    for (const reply of await Promise.all(replies)) expect(reply).toMatchObject({ status: 0, message: { seq: expect.any(Number) } });

    await eventually(() => watcher.roomMessages(room).length > 0 && watcher.frames.slice(start).some((frame) => frame.type === 'gift'));
    await sleep(400);
    const frames = watcher.frames.slice(start).filter((frame) => frame.groupId === room && frame.type !== 'heatRep');
    expect(frames.some((frame) => frame.type === 'batch')).toBe(true);
    // The gift travelled in a frame of its own.
    expect(frames.filter((frame) => frame.type === 'gift')).toHaveLength(1);
    const shown = watcher.roomMessages(room).filter((message) => message.type === 'say');
    const aggregated = shown.filter((message) => message.content === 'GOAL!!!');
    expect(aggregated.reduce((sum, message) => sum + ((message.hit as number) ?? 1), 0)).toBeGreaterThan(aggregated.length);
    // Batches cover every number in the room, so a viewer never mistakes sampling for a gap.
    const covered = frames.flatMap((frame) => (frame.type === 'batch' ? [frame.from as number, frame.to as number] : typeof frame.seq === 'number' ? [frame.seq] : []));
    expect(Math.max(...covered)).toBeGreaterThanOrEqual(61);
  });
});
