// Bad frames never break the gateway (issue 28's hardening, figures in docs/hardening.md). A signed-in viewer in a
// live room sends (1) frames the protocol refuses: not JSON, binary, wrong types, missing and extra fields, unknown
// types; each gets the "malformed" error and nothing reaches the room; and (2) frames the protocol accepts with
// values picked at random (rooms they are not in, unknown gifts, absurd counts, other people's message ids); each
// is answered by a rule, never by "temporarily unavailable" (the gateway's reply to a thrown error, its 5xx), and a
// plain viewer's clearChat deletes nothing. The connection stays usable throughout.
import fc from 'fast-check';
import { maxFrameBytes } from '@/lib/realtime/gateway';
import { clientFrame } from '@/lib/realtime/protocol';
import { getBus } from '@/lib/realtime/bus';
import { liveRoomKey } from '@/lib/validation/chat';
import enChat from '@/messages/en-US/chat.json';
import { createUser, sendAndSettle, setChatConfig, startGateway, TestClient, type RunningGateway, type TestUser } from './support/harness';

const runs = Number(process.env.FUZZ_RUNS ?? 60);
const unavailable = enChat.errors.unavailable;
const refusals = new Set([enChat.errors.badFrame, enChat.errors.notJson]);

let gateway: RunningGateway;
let anchor: TestUser;
let viewer: TestUser;
let room: string;
const opened: TestClient[] = [];

async function signedIn(user: TestUser): Promise<TestClient> {
  const client = await TestClient.connect(gateway.port);
  opened.push(client);
  client.send({ type: 'auth', token: user.credential, device_id: `fuzz-${user.id}`, lang: 'en-US' });
  await client.nextOfType('authed');
  expect(await client.join(room)).toMatchObject({ type: 'joined' });
  return client;
}

beforeAll(async () => {
  await setChatConfig({ speakRateToggle: 0 });
  // Far above any client's rate: the fuzzer must reach the rules, not the flood guard.
  gateway = await startGateway(getBus(), { framesPerSecondIn: 100_000 });
  anchor = await createUser({ role: 'anchor' });
  viewer = await createUser();
  room = liveRoomKey(anchor.id);
}, 60_000);

afterAll(async () => {
  for (const client of opened) client.close();
  await gateway.stop();
});

const wrongValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('', '0', '-1', 'NaN', '<script>', '\u0000', 'live:0', 'private:2-1', '😀'.repeat(40), 'x'.repeat(3_000)),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
);
const frameTypes = clientFrame.options.flatMap((option) => {
  const type = option.shape.type;
  return 'options' in type ? [...type.options] : [type.value];
});
const fieldNames = ['type', 'groupId', 'content', 'token', 'uid', 'sig', 'device_id', 'lang', 'epoch', 'last_seq', 'before_seq', 'props_type', 'props_id', 'client_id', 'gift_id', 'anchor_id', 'count', 'idempotency_key', 'guess_id', 'id', 'channel'];

const refusedFrame = fc
  .oneof(
    fc.record({ type: fc.constantFrom(...frameTypes, 'sayy', '', 'SAY', 'admin') }).chain((head) =>
      fc.dictionary(fc.constantFrom(...fieldNames.slice(1)), wrongValue, { maxKeys: 5 }).map((fields) => JSON.stringify({ ...fields, ...head })),
    ),
    fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    fc.constantFrom('{', '{"type":"say"', 'null', '[]', '"say"', 'undefined', '{"type":"say","groupId":1}'.repeat(2), `{"type":"say","content":"${'x'.repeat(maxFrameBytes - 40)}"}`),
  )
  .filter((text) => {
    try {
      return !clientFrame.safeParse(JSON.parse(text)).success;
    } catch {
      return true;
    }
  });

describe('frames the protocol refuses', () => {
  it('are each answered "malformed" (or "not JSON"), reach no room, and leave the connection usable', async () => {
    const fuzzer = await signedIn(viewer);
    const watcher = await signedIn(await createUser());
    const roomBefore = watcher.roomMessages(room).length;
    const samples = [...fc.sample(refusedFrame, runs * 10), Buffer.from([0xff, 0x00, 0x13]), Buffer.alloc(0)];
    const failures: string[] = [];
    for (const payload of samples) {
      const replies = await sendAndSettle(fuzzer, payload);
      const errors = replies.filter((frame) => frame.type === 'error');
      if (errors.length !== 1 || !refusals.has(String(errors[0].msg))) failures.push(`${String(payload).slice(0, 120)} → ${JSON.stringify(replies).slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(watcher.roomMessages(room).length).toBe(roomBefore);
    expect(fuzzer.closeCode).toBeUndefined();
    console.log(`fuzzed ${samples.length} refused frames: 0 failures`);
  }, 300_000);

  it('closes a connection that sends a frame over the size limit (1009), and only that one', async () => {
    const fuzzer = await signedIn(viewer);
    const bystander = await signedIn(await createUser());
    fuzzer.send({ type: 'say', groupId: room, content: 'x'.repeat(maxFrameBytes) });
    await expect(fuzzer.closed()).resolves.toBe(1009);
    expect(await bystander.say(room, 'still here')).toMatchObject({ type: 'sayRep', status: 0 });
  });
});

describe('frames the protocol accepts, with values picked at random', () => {
  it('are answered by a rule, never "temporarily unavailable", and a viewer deletes nothing', async () => {
    const anchorClient = await signedIn(anchor);
    const kept = await anchorClient.say(room, 'the anchor says hello');
    expect(kept).toMatchObject({ type: 'sayRep', status: 0 });
    const fuzzer = await signedIn(viewer);

    const rooms = fc.constantFrom(room, String(anchor.id), 'live:1', 'fans:999999', 'match:1', `private:1-${viewer.id}`, 'system');
    const anyId = fc.oneof(fc.integer({ min: -5, max: 2_000_000 }), fc.string({ maxLength: 20 }));
    const framesByType: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
      ping: fc.record({ device_id: fc.string({ maxLength: 128 }), groupId: fc.oneof(rooms, fc.integer()) }, { requiredKeys: [] }),
      auth: fc.record({ token: fc.string({ maxLength: 80 }), uid: anyId, sig: fc.string({ maxLength: 80 }), lang: fc.string({ maxLength: 16 }) }, { requiredKeys: [] }),
      join: fc.record({ groupId: rooms, epoch: fc.string({ maxLength: 64 }), last_seq: fc.nat() }, { requiredKeys: ['groupId'] }),
      leave: fc.record({ groupId: rooms }),
      login: fc.record({ groupId: rooms, channel: fc.string({ maxLength: 64 }) }, { requiredKeys: ['groupId'] }),
      first: fc.record({ groupId: rooms, channel: fc.string({ maxLength: 64 }) }, { requiredKeys: ['groupId'] }),
      say: fc.record(
        { groupId: rooms, content: fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('', ' ', 'http://spam.example', '\u202e')), props_type: fc.constantFrom(0, 1, 2), props_id: fc.integer({ min: 0, max: 4 }), client_id: fc.string({ maxLength: 64 }) },
        { requiredKeys: ['groupId', 'content'] },
      ),
      history: fc.record({ groupId: rooms, before_seq: fc.integer({ min: 1, max: 2 ** 40 }) }, { requiredKeys: ['groupId'] }),
      giftFeed: fc.record(
        { groupId: rooms, anchor_id: anyId, gift_id: anyId, count: fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double()), idempotency_key: fc.string({ maxLength: 200 }) },
        { requiredKeys: ['groupId'] },
      ),
      quizPrompt: fc.record({ groupId: rooms, guess_id: anyId }),
      clearChat: fc.record({ groupId: rooms, id: fc.oneof(fc.constant(String(kept.id ?? 'none')), fc.string({ minLength: 1, maxLength: 64 })) }),
    };
    expect(Object.keys(framesByType).sort()).toEqual([...frameTypes].sort());
    const acceptedFrame = fc
      .constantFrom(...frameTypes)
      .chain((type) => framesByType[type].map((fields) => ({ ...fields, type })))
      .filter((frame) => clientFrame.safeParse(frame).success);

    const samples = fc.sample(acceptedFrame, runs * 10);
    const failures: string[] = [];
    for (const frame of samples) {
      const replies = await sendAndSettle(fuzzer, JSON.stringify(frame));
      if (replies.some((reply) => reply.type === 'error' && reply.msg === unavailable)) failures.push(`${JSON.stringify(frame).slice(0, 160)} → ${JSON.stringify(replies).slice(0, 200)}`);
      if (fuzzer.closeCode !== undefined) failures.push(`${JSON.stringify(frame).slice(0, 160)} closed the connection (${fuzzer.closeCode})`);
    }
    expect(failures).toEqual([]);

    // The anchor's line is still there for everyone: a viewer's clearChat is refused, whatever id it names.
    const newcomer = await signedIn(await createUser());
    const from = newcomer.frames.length;
    newcomer.send({ type: 'history', groupId: room });
    const history = await newcomer.next((reply) => reply.type === 'historyRep', { from });
    expect(JSON.stringify(history)).toContain('the anchor says hello');
    console.log(`fuzzed ${samples.length} accepted frames of ${frameTypes.length} types: 0 failures`);
  }, 300_000);
});
