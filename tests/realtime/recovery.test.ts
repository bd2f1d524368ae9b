// Sequence and recovery: a client that comes back with its epoch and last seq receives exactly what it missed,
// in order (a deleted message stays deleted); one too far behind gets a reset. Also the connection-level rules:
// a second login elsewhere kicks the first device, and a client that stops reading is cut off without slowing
// anyone else down.
import { POST as deleteMessage } from '@/app/api/live/deleteMessage/route';
import { kickedOutCloseCode, slowConsumerCloseCode } from '@/lib/realtime/protocol';
import { liveRoomKey } from '@/lib/validation/chat';
import { newMessageId, publishRoomMessage, publishUserMessage } from '@/lib/server/chat/publish';
import { callRoute } from '../support/call-route';
import { createUser, eventually, setChatConfig, sleep, startGateways, TestClient, type Frame, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const opened: TestClient[] = [];

async function connect(index: number, user: TestUser, device?: string): Promise<TestClient> {
  const client = await TestClient.connect(gateways[index % gateways.length].port);
  opened.push(client);
  expect(await client.auth(user, device)).toMatchObject({ type: 'authed' });
  return client;
}

beforeAll(async () => {
  gateways = await startGateways({ recoveryLimit: 50, maxBufferedBytes: 64 * 1024 });
  await setChatConfig({ speakRateToggle: 0 });
});
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});
afterAll(async () => {
  for (const gateway of gateways) await gateway.stop();
});

const says = (messages: Frame[]) => messages.filter((message) => message.type === 'say').map((message) => message.content);

it('replays what a reconnecting viewer missed, in order, without the message deleted meanwhile', async () => {
  const anchor = await createUser({ role: 'anchor' });
  const manager = await createUser({ role: 'manager' });
  const room = liveRoomKey(anchor.id);
  const viewer = await createUser();
  const talker = await connect(1, anchor);
  await talker.join(room);
  await talker.say(room, 'before');

  const first = await connect(0, viewer);
  const joined = await first.join(room);
  const seen = await first.next((frame) => frame.type === 'say' && frame.content === 'before', {}).catch(() => undefined);
  const lastSeq = Math.max(joined.seq as number, (seen?.seq as number) ?? 0);
  first.close();
  await first.closed();

  const kept = [];
  for (const word of ['alpha', 'bravo', 'charlie', 'delta']) kept.push((await talker.say(room, word)).message as Frame);
  await callRoute(deleteMessage, { credential: manager.credential, body: { groupId: room, id: kept[1].id } });

  const again = await connect(0, viewer);
  const rejoined = await again.join(room, { epoch: joined.epoch as string, last_seq: lastSeq });
  expect(rejoined).toMatchObject({ mode: 'recover', epoch: joined.epoch });
  const replay = await again.nextOfType('batch');
  expect(replay).toMatchObject({ from: lastSeq + 1, to: (rejoined.seq as number) });
  const messages = replay.msgs as Frame[];
  expect(says(messages)).toEqual(['alpha', 'charlie', 'delta']);
  expect(messages.map((message) => message.type)).toContain('clearChat');
  const seqs = messages.map((message) => message.seq as number);
  expect(seqs).toEqual([...seqs].sort((a, b) => a - b));

  // And live delivery continues after the replay.
  await talker.say(room, 'echo');
  await again.next((frame) => frame.type === 'say' && frame.content === 'echo');
});

it('resets a viewer who missed more than the recovery window, or comes from another epoch', async () => {
  const anchor = await createUser({ role: 'anchor' });
  const room = liveRoomKey(anchor.id);
  const talker = await connect(1, anchor);
  const joined = await talker.join(room);
  await publishManyAnnouncements(room, 60);
  const viewer = await createUser();
  const behind = await connect(0, viewer);
  const reset = await behind.join(room, { epoch: joined.epoch as string, last_seq: 0 });
  expect(reset).toMatchObject({ mode: 'reset', seq: 60 });
  expect(await (await connect(0, viewer)).join(room, { epoch: 'another-epoch', last_seq: 59 })).toMatchObject({ mode: 'reset' });
  const head = await (await connect(0, viewer)).join(room);
  expect(await (await connect(1, viewer)).join(room, { epoch: head.epoch as string, last_seq: 55 })).toMatchObject({ mode: 'recover' });
});

async function publishManyAnnouncements(room: string, count: number, content = 'notice') {
  for (let index = 0; index < count; index += 1) {
    await publishRoomMessage(gateways[0].bus, { type: 'announcement', groupId: room, id: newMessageId(), room_id: 1, content, contact: [], send_time: Date.now() });
  }
}

it('kicks the first device when the account logs in on another, but not another tab of the same device', async () => {
  const user = await createUser();
  const laptop = await connect(0, user, 'laptop');
  const secondTab = await connect(1, user, 'laptop');
  const phone = await connect(1, user, 'phone');
  expect(await laptop.nextOfType('kickedOut')).toMatchObject({ msg: 'Your account was logged in on another device.' });
  expect(await laptop.closed()).toBe(kickedOutCloseCode);
  expect(await secondTab.closed()).toBe(kickedOutCloseCode);
  await sleep(100);
  expect(phone.closeCode).toBeUndefined();
  expect(phone.frames.some((frame) => frame.type === 'kickedOut')).toBe(false);
});

it('delivers messages addressed to one account to all of its tabs', async () => {
  const user = await createUser();
  const tabs = [await connect(0, user, 'desk'), await connect(1, user, 'desk')];
  await sleep(50);
  await publishUserMessage(gateways[0].bus, user.id, { type: 'SystemMessage', id: newMessageId(), send_time: Date.now(), unread: { private: 1, system: 0, total: 1 } });
  for (const tab of tabs) await tab.nextOfType('SystemMessage');
});

it('cuts off a viewer that stops reading, without raising the others’ latency', async () => {
  const anchor = await createUser({ role: 'anchor' });
  const room = liveRoomKey(anchor.id);
  const stalled = await connect(0, await createUser());
  const healthy = await connect(0, await createUser());
  await stalled.join(room);
  await healthy.join(room);
  // The stalled client's socket stops reading: the kernel buffers fill, then the gateway's.
  stalled.socket.pause();

  const big = 'x'.repeat(8000);
  let cut = false;
  stalled.socket.once('close', () => (cut = true));
  for (let round = 0; round < 400 && !cut; round += 1) {
    await publishManyAnnouncements(room, 10, big);
    await sleep(5);
  }
  const started = Date.now();
  await publishRoomMessage(gateways[0].bus, { type: 'announcement', groupId: room, id: newMessageId(), room_id: 1, content: 'still fast', contact: [], send_time: Date.now() });
  await healthy.next((frame) => frame.type === 'announcement' && frame.content === 'still fast', { timeoutMs: 5000 });
  expect(Date.now() - started).toBeLessThan(250);
  await eventually(() => gateways[0].gateway.connectionCount() < 2 || cut, 5000);
  stalled.socket.resume();
  expect([slowConsumerCloseCode, 1006]).toContain(await stalled.closed());
});
