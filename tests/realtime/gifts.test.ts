// Gifts over the messaging connection (spec §7 giftFeed): a viewer sends with a giftFeed frame and hears back a
// giftFeedRep with the balance and combo; the room sees the gift, the sender's other sessions the balance; a plain
// giftFeed still replays the recent gifts; refusals answer in the viewer's language; and gifts are never shed or
// batched away when the chat is too busy to deliver every line.
import crypto from 'node:crypto';
import { GET as getUserSig } from '@/app/api/scIm/getUserSig/route';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { gifts, lives } from '@/lib/db/schema';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { batchableTypes } from '@/lib/realtime/protocol';
import { liveRoomKey, type GuestIdentity } from '@/lib/validation/chat';
import { callRoute } from '../support/call-route';
import { createUser, eventually, setChatConfig, sleep, startGateways, TestClient, type Frame, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const first = () => gateways[0];
const last = () => gateways[gateways.length - 1];
const opened: TestClient[] = [];

beforeAll(async () => {
  gateways = await startGateways();
}, 60_000);
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
});

async function connect(gateway: RunningGateway, user?: TestUser, lang?: string): Promise<TestClient> {
  const client = await TestClient.connect(gateway.port);
  opened.push(client);
  if (user) {
    // Every tab of one account on one device, as a browser would: another device would sign the first one out.
    client.send({ type: 'auth', token: user.credential, device_id: `device-${user.id}`, ...(lang ? { lang } : {}) });
    await client.nextOfType('authed');
  }
  return client;
}

async function liveAnchor(): Promise<TestUser> {
  const anchor = await createUser({ role: 'anchor' });
  await (await getDb()).insert(lives).values({ anchorId: anchor.id, stream: `rt-gifts-${anchor.id}`, title: 'Gift test', categoryId: 2, childCategoryId: 201, status: 'live' });
  return anchor;
}

async function fund(user: TestUser, currency: 'diamond' | 'gold', amount: number) {
  await grantCurrency(await getDb(), { userId: user.id, currency, amount, idempotencyKey: `test:rt-gifts:${user.id}:${currency}`, note: 'test' });
}

async function giftId(animation: string): Promise<number> {
  const [gift] = await (await getDb()).select({ id: gifts.id }).from(gifts).where(eq(gifts.animation, animation));
  return gift.id;
}

async function sendGift(client: TestClient, room: string, fields: Record<string, unknown>, timeoutMs = 3000): Promise<Frame> {
  const idempotencyKey = typeof fields.idempotency_key === 'string' ? fields.idempotency_key : crypto.randomUUID();
  const from = client.frames.length;
  client.send({ type: 'giftFeed', groupId: room, idempotency_key: idempotencyKey, ...fields });
  return client.next((frame) => frame.type === 'giftFeedRep' && frame.idempotency_key === idempotencyKey, { from, timeoutMs });
}

describe('giftFeed with a gift', () => {
  it('sends, answers with the balance and combo, shows the room and updates the other sessions', async () => {
    const anchor = await liveAnchor();
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    await fund(viewer, 'gold', 10_000);
    const football = await giftId('football');

    const sender = await connect(first(), viewer);
    const otherTab = await connect(last(), viewer);
    const watcher = await connect(last(), await createUser());
    for (const client of [sender, watcher]) await client.join(room);

    const reply = await sendGift(sender, room, { anchor_id: anchor.id, gift_id: football, count: 2 });
    expect(reply).toMatchObject({ type: 'giftFeedRep', groupId: room, status: 0, msg: 'Gift sent.', bal: { diamond: 0, gold: 8_000 }, hit: 2 });
    const again = await sendGift(sender, room, { anchor_id: anchor.id, gift_id: football, count: 1 });
    expect(again).toMatchObject({ status: 0, bal: { gold: 7_000 }, hit: 3 });

    const shown = await watcher.next((frame) => frame.type === 'gift' && frame.hit === 3);
    expect(shown).toMatchObject({ groupId: room, user_id: viewer.id, giftid: football, gift_name: 'Football', animation: 'football', count: 1, seq: expect.any(Number) });
    await otherTab.next((frame) => frame.type === 'balance' && (frame.bal as { gold: number }).gold === 7_000);

    // Without a gift, giftFeed replays the room's recent gifts as before.
    const from = watcher.frames.length;
    watcher.send({ type: 'giftFeed', groupId: room });
    const feed = await watcher.next((frame) => frame.type === 'giftFeedRep' && Array.isArray(frame.gifts), { from });
    expect((feed.gifts as Frame[]).map((gift) => gift.hit)).toEqual([2, 3]);
  });

  it('answers 10152 with the recharge page, in the viewer’s language', async () => {
    const anchor = await liveAnchor();
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    const client = await connect(first(), viewer, 'zh-CN');
    await client.join(room);
    const reply = await sendGift(client, room, { anchor_id: anchor.id, gift_id: await giftId('rocket'), count: 1 });
    expect(reply).toMatchObject({ status: 10152, msg: '宝石不足，充值后即可送出该礼物。', recharge: '/user-center/recharge' });
  });

  it('refuses guests, bad counts and a gift for another room', async () => {
    const anchor = await liveAnchor();
    const other = await liveAnchor();
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    await fund(viewer, 'gold', 10_000);
    const whistle = await giftId('whistle');
    const client = await connect(first(), viewer);
    await client.join(room);

    expect(await sendGift(client, room, { anchor_id: anchor.id, gift_id: whistle, count: 1.5 })).toMatchObject({ status: 1, msg: 'The number of gifts must be a whole number from 1 to 9999.' });
    expect(await sendGift(client, room, { anchor_id: anchor.id, gift_id: whistle, count: 0 })).toMatchObject({ status: 1, msg: 'The number of gifts must be a whole number from 1 to 9999.' });
    expect(await sendGift(client, room, { anchor_id: other.id, gift_id: whistle, count: 1 })).toMatchObject({ status: 1, msg: 'Gifts go to the anchor of the room you are in.' });

    const guest = await connect(first());
    const identity = await callRoute<GuestIdentity>(getUserSig, { method: 'GET' });
    await guest.auth({ uid: identity.data.id, sig: identity.data.sig });
    await guest.join(room);
    const signedOut = await sendGift(guest, room, { anchor_id: anchor.id, gift_id: whistle, count: 1 });
    expect(signedOut).toMatchObject({ status: 70001, msg: 'Log in to send gifts.' });
  });
});

describe('gifts under load', () => {
  it('are never batched or sampled away, however busy the chat', async () => {
    expect(batchableTypes.has('gift')).toBe(false);
    // Everyone may chant as fast as they like: the room is as busy as it gets.
    await setChatConfig({ speakRateToggle: 0, speakRate: 2 });
    const anchor = await liveAnchor();
    const room = liveRoomKey(anchor.id);
    const gifter = await createUser();
    await fund(gifter, 'gold', 100_000);
    const thumbs = await giftId('thumbs_up');
    const watcher = await connect(last(), await createUser());
    await watcher.join(room);
    const start = watcher.frames.length;

    const talkers = await Promise.all(Array.from({ length: 6 }, () => createUser()));
    const clients = await Promise.all(talkers.map((talker) => connect(first(), talker)));
    for (const client of clients) await client.join(room);
    const sender = await connect(first(), gifter);
    await sender.join(room);

    // A connection's lines are judged one after another: the tenth waits for nine.
    const lines = clients.flatMap((client, index) => Array.from({ length: 10 }, (_, line) => client.say(room, `chant ${index} ${line}`, {}, 20_000)));
    // Within the gateway's burst of inbound frames per connection (the sender also authenticated and joined).
    const giftsSent = 12;
    // One connection's frames are handled in order: the last send waits for those before it.
    const sent = Array.from({ length: giftsSent }, () => sendGift(sender, room, { anchor_id: anchor.id, gift_id: thumbs, count: 1 }, 20_000));
    for (const reply of await Promise.all(sent)) expect(reply).toMatchObject({ status: 0 });
    await Promise.all(lines);

    await eventually(() => watcher.frames.slice(start).filter((frame) => frame.type === 'gift').length === giftsSent, 5000);
    await sleep(200);
    const frames = watcher.frames.slice(start).filter((frame) => frame.groupId === room);
    // The chat was busy enough to be batched; each gift still came alone, none inside a batch.
    expect(frames.some((frame) => frame.type === 'batch')).toBe(true);
    expect(frames.filter((frame) => frame.type === 'gift')).toHaveLength(giftsSent);
    expect(frames.filter((frame) => frame.type === 'batch').flatMap((frame) => frame.msgs as Frame[]).some((message) => message.type === 'gift')).toBe(false);
  }, 60_000);
});
