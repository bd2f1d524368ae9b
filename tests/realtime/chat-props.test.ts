// Props in the chat (spec §3): a speaker or a colourful bubble spends exactly one backpack item of that asset
// in the flow that publishes the line; without one the line is refused and nothing is published; no one can
// spend another viewer's items; of concurrent lines with one item left exactly one goes out; room managers keep
// a free speaker, and membership no longer gives free bubbles.
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { ledgerTransactions } from '@/lib/db/schema';
import { itemAsset } from '@/lib/server/ledger/accounts';
import { readItemCount } from '@/lib/server/ledger/balances';
import { grantItems } from '@/lib/server/ledger/grants';
import { liveRoomKey } from '@/lib/validation/chat';
import { createUser, setChatConfig, sleep, startGateways, TestClient, type Frame, type RunningGateway, type TestUser } from './support/harness';

let gateways: RunningGateway[];
const opened: TestClient[] = [];

async function connect(user: TestUser, gateway = gateways[0]): Promise<TestClient> {
  const client = await TestClient.connect(gateway.port);
  opened.push(client);
  expect(await client.auth(user)).toMatchObject({ type: 'authed' });
  return client;
}

async function give(user: TestUser, asset: ReturnType<typeof itemAsset>, count: number): Promise<void> {
  await grantItems(await getDb(), { userId: user.id, asset, count, idempotencyKey: `test:chat-props:${user.id}:${asset}:${count}`, note: 'chat props test' });
}

async function held(user: TestUser, asset: ReturnType<typeof itemAsset>): Promise<number> {
  return readItemCount(await getDb(), user.id, asset);
}

const sky = itemAsset(101, 2);
const royal = itemAsset(101, 4);
const speaker = itemAsset(100);

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

describe('props in the chat', () => {
  it('spends exactly one item per line and refuses the line when none is left, publishing nothing', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    const watcher = await createUser();
    await give(viewer, sky, 2);
    const client = await connect(viewer);
    const watching = await connect(watcher, gateways.at(-1));
    await client.join(room);
    await watching.join(room);

    expect(await client.say(room, 'blue one', { props_type: 101, props_id: 2 })).toMatchObject({ status: 0, message: { type: 'say', props_type: 101, props_id: 2 } });
    expect(await held(viewer, sky)).toBe(1);
    await watching.next((frame) => frame.type === 'say' && frame.content === 'blue one');
    expect(await client.say(room, 'blue two', { props_type: 101, props_id: 2 })).toMatchObject({ status: 0 });
    expect(await held(viewer, sky)).toBe(0);

    const refused = await client.say(room, 'blue three', { props_type: 101, props_id: 2 });
    expect(refused).toMatchObject({ status: 1, msg: 'You have none of this prop left. Buy more in the mall.' });
    // Another colour is another asset: holding sky bubbles buys no royal ones.
    expect(await client.say(room, 'royal', { props_type: 101, props_id: 4 })).toMatchObject({ status: 1 });
    // Plain lines cost nothing and still go.
    expect(await client.say(room, 'plain')).toMatchObject({ status: 0, message: { props_type: 0 } });
    await watching.next((frame) => frame.type === 'say' && frame.content === 'plain');
    expect(watching.frames.some((frame: Frame) => frame.content === 'blue three' || frame.content === 'royal')).toBe(false);

    // The ledger booked one movement per published line, keyed by the message.
    const movements = await (await getDb()).select().from(ledgerTransactions).where(eq(ledgerTransactions.userId, viewer.id));
    expect(movements.filter((movement) => movement.kind === 'chat.prop')).toHaveLength(2);
  });

  it('answers in the sender’s language and refuses props that do not exist', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    const client = await TestClient.connect(gateways[0].port);
    opened.push(client);
    client.send({ type: 'auth', token: viewer.credential, lang: 'zh_cn', device_id: 'zh-device' });
    await client.nextOfType('authed');
    await client.join(room);
    expect(await client.say(room, '气泡', { props_type: 101, props_id: 3 })).toMatchObject({ status: 1, msg: '你的这个道具已用完，可以去商城购买。' });
    expect(await client.say(room, 'odd', { props_type: 101, props_id: 1 })).toMatchObject({ status: 1 });
  });

  it('spends only the sender’s own items: a viewer without props cannot use another’s', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const owner = await createUser();
    const other = await createUser({ vipLevel: 3 });
    await give(owner, royal, 1);
    const client = await connect(other);
    await client.join(room);
    // VIP 3 no longer brings free bubbles or a free speaker.
    expect(await client.say(room, 'borrowed', { props_type: 101, props_id: 4 })).toMatchObject({ status: 1 });
    expect(await client.say(room, 'loud', { props_type: 100 })).toMatchObject({ status: 1 });
    expect(await held(owner, royal)).toBe(1);
  });

  it('publishes exactly one of several lines sent at once with one item left', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewer = await createUser();
    await give(viewer, speaker, 1);
    const clients = await Promise.all(gateways.flatMap((gateway) => [connect(viewer, gateway), connect(viewer, gateway), connect(viewer, gateway)]));
    await Promise.all(clients.map((client) => client.join(room)));
    const replies = await Promise.all(clients.map((client, index) => client.say(room, `news ${index}`, { props_type: 100 })));
    expect(replies.filter((reply) => reply.status === 0)).toHaveLength(1);
    expect(replies.filter((reply) => reply.status !== 0).every((reply) => reply.msg === 'You have none of this prop left. Buy more in the mall.')).toBe(true);
    expect(await held(viewer, speaker)).toBe(0);
    await sleep(200);
    const published = new Set(clients.flatMap((client) => client.frames.filter((frame) => frame.type === 'props').map((frame) => frame.id)));
    expect(published.size).toBe(1);
  });

  it('keeps the speaker free for room managers', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const manager = await createUser({ role: 'manager' });
    const client = await connect(manager);
    await client.join(room);
    expect(await client.say(room, 'house rules', { props_type: 100 })).toMatchObject({ status: 0, message: { type: 'props' } });
    expect(await client.say(room, 'colour', { props_type: 101, props_id: 2 })).toMatchObject({ status: 1 });
  });
});
