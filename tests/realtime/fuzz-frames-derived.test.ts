// Frames derived from the protocol's schema, over a real socket (issue 28's hardening, figures in
// docs/hardening.md). For every client message type, a signed-in viewer in a live room sends frames drawn from that
// type's schema in lib/realtime/protocol.ts (answered by the rules, never "temporarily unavailable", the socket
// open) and the same frames mutated (wrong types, removed and extra fields, `__proto__`, NaN, 1e309, 2^53+1,
// naughty, big and deeply nested values, truncated JSON). A mutant the schema refuses gets exactly one "malformed"
// or "not JSON" error and changes nothing: no message reaches a watcher in the room, the room's history and every
// table stay as they were.
import fc from 'fast-check';
import type { z } from 'zod';
import { getBus } from '@/lib/realtime/bus';
import { maxFrameBytes } from '@/lib/realtime/gateway';
import { clientFrame } from '@/lib/realtime/protocol';
import { liveRoomKey } from '@/lib/validation/chat';
import enChat from '@/messages/en-US/chat.json';
import { changedTables, databaseFingerprint } from '@/tests/support/db-fingerprint';
import { mutants, validInputs, type Mutant } from '@/tests/support/zod-arbitrary';
import { createUser, sendAndSettle, eventually, setChatConfig, sleep, startGateway, TestClient, type RunningGateway, type TestUser } from './support/harness';

const runs = Number(process.env.FUZZ_RUNS ?? 60);

let gateway: RunningGateway;
let anchor: TestUser;
let viewer: TestUser;
let room: string;
const opened: TestClient[] = [];

async function joinRoom(client: TestClient): Promise<void> {
  const from = client.frames.length;
  client.send({ type: 'join', groupId: room });
  await client.next((frame) => frame.type === 'joined' && frame.groupId === room, { from });
}

async function signedIn(user: TestUser): Promise<TestClient> {
  const client = await TestClient.connect(gateway.port);
  opened.push(client);
  const from = client.frames.length;
  client.send({ type: 'auth', token: user.credential, device_id: `derived-${user.id}`, lang: 'en-US' });
  await client.next((frame) => frame.type === 'authed', { from });
  await joinRoom(client);
  return client;
}

async function roomHistory(client: TestClient): Promise<string> {
  const from = client.frames.length;
  client.send({ type: 'history', groupId: room });
  const reply = await client.next((frame) => frame.type === 'historyRep' && frame.groupId === room, { from });
  return JSON.stringify(reply.msgs);
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

/** Whether the gateway must refuse this text as a frame: not JSON, or not a frame of the protocol. */
function refusedByProtocol(text: string): boolean {
  try {
    return !clientFrame.safeParse(JSON.parse(text)).success;
  } catch {
    return true;
  }
}

describe('every client message type, with frames derived from its schema', () => {
  it('answers derived frames by the rules, and refuses every mutant the schema refuses without changing anything', async () => {
    const anchorClient = await signedIn(anchor);
    const kept = await anchorClient.say(room, 'the anchor says hello');
    expect(kept).toMatchObject({ type: 'sayRep', status: 0 });
    await eventually(() => anchorClient.roomMessages(room).some((frame) => frame.content === 'the anchor says hello'));
    const keptSeq = Number(anchorClient.roomMessages(room).find((frame) => frame.content === 'the anchor says hello')?.seq);
    const fuzzer = await signedIn(viewer);
    const watcher = await signedIn(await createUser());

    // The schema cannot know which rooms and messages exist: the room and the anchor's line are drawn alongside.
    const hints = { groupId: fc.constantFrom(room, anchor.id, 'live:1', 'system'), id: fc.constant(String((kept.message as { id?: string } | undefined)?.id ?? 'none')) };
    const failures: string[] = [];
    const stateChanges: string[] = [];
    const types: string[] = [];
    let validFrames = 0;
    let acceptedMutants = 0;
    let refusedFrames = 0;

    for (const option of clientFrame.options as readonly z.ZodObject[]) {
      const literal = option.shape.type as z.ZodType & { options?: unknown[]; value?: unknown };
      const type = (literal.options ?? [literal.value]).join('/');
      types.push(type);
      const { inputs } = validInputs(option, runs, { hints, seed: types.length });
      if (inputs.length === 0) failures.push(`${type}: no valid frame derived`);
      // Over 16 KiB a frame closes its connection by design (tests/realtime/fuzz-frames.test.ts): stay under it.
      const all = mutants(inputs[0] ?? { type }, Object.keys(option.shape), { bigString: 15_000, nesting: 2_000 }).filter((mutant) => !mutant.contentType && Buffer.byteLength(mutant.text) < maxFrameBytes);
      const refused = all.filter((mutant) => refusedByProtocol(mutant.text));
      const accepted: Mutant[] = all.filter((mutant) => !refusedByProtocol(mutant.text));

      // Let the previous type's broadcasts land before the "before" picture.
      await sleep(200);
      const watched = watcher.roomMessages(room).length;
      const history = await roomHistory(watcher);
      const before = await databaseFingerprint();
      for (const mutant of refused) {
        const replies = await sendAndSettle(fuzzer, mutant.text);
        refusedFrames += 1;
        const errors = replies.filter((frame) => frame.type === 'error');
        if (errors.length !== 1 || (errors[0].msg !== enChat.errors.badFrame && errors[0].msg !== enChat.errors.notJson)) {
          failures.push(`${type} ${mutant.kind} ${mutant.field ?? ''} → ${JSON.stringify(replies).slice(0, 200)} for ${mutant.text.slice(0, 120)}`);
        }
        if (fuzzer.closeCode !== undefined) throw new Error(`${type} ${mutant.kind} closed the connection (${fuzzer.closeCode})`);
      }
      const tables = changedTables(before, await databaseFingerprint());
      if (tables.length > 0) stateChanges.push(`${type}: refused frames changed ${tables.join(', ')}`);
      if (watcher.roomMessages(room).length !== watched) stateChanges.push(`${type}: refused frames reached the room: ${JSON.stringify(watcher.roomMessages(room).slice(watched)).slice(0, 200)}`);
      if ((await roomHistory(watcher)) !== history) stateChanges.push(`${type}: refused frames changed the room's history`);

      // Derived frames and the mutants the schema still accepts (extra keys stripped): the rules answer.
      const valid = [...inputs.map((input) => ({ kind: 'valid', text: JSON.stringify(input) }) as Mutant), ...accepted];
      for (const frame of valid) {
        const replies = await sendAndSettle(fuzzer, frame.text);
        if (frame.kind === 'valid') validFrames += 1;
        else acceptedMutants += 1;
        if (replies.some((reply) => reply.type === 'error' && reply.msg === enChat.errors.unavailable)) failures.push(`${type} ${frame.kind}: unavailable for ${frame.text.slice(0, 160)}`);
        if (fuzzer.closeCode !== undefined) throw new Error(`${type} ${frame.kind} closed the connection (${fuzzer.closeCode}) with ${frame.text.slice(0, 160)}`);
      }
      // A signed-in connection stays who it is (a second auth is refused), but a derived leave takes it out of the room.
      await joinRoom(fuzzer);
      if ('polluted' in Object.prototype) failures.push(`${type}: Object.prototype polluted`);
    }

    console.log(`schema-derived frames: ${types.length} types (${types.join(', ')}), ${validFrames} valid, ${acceptedMutants} mutants accepted, ${refusedFrames} refused: ${failures.length} failures, ${stateChanges.length} state changes`);
    expect(types.length).toBe(clientFrame.options.length);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(stateChanges).toEqual([]);
    // The anchor's line survived everything a viewer sent (clearChat of its id included), however far back it now is.
    const from = watcher.frames.length;
    watcher.send({ type: 'history', groupId: room, before_seq: keptSeq + 1 });
    const older = await watcher.next((frame) => frame.type === 'historyRep' && frame.groupId === room, { from });
    expect(JSON.stringify(older.msgs)).toContain('the anchor says hello');
  }, 600_000);
});
