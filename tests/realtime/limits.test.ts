// What one client can take from the realtime side: connections per address (an IPv6 /64 is one address), guest
// sigs, follow announcements and welcomes (one per viewer and room, none from a banned viewer), which rooms exist,
// and a Redis reconnect that resynchronises rooms without closing every socket at once.
import WebSocket from 'ws';
import { POST as attentAnchor } from '@/app/api/anchor/attentAnchor/route';
import { POST as addToGroupChat } from '@/app/api/groupChat/addToGroupChat/route';
import { POST as banUser } from '@/app/api/live/banUser/route';
import { GET as getUserSig } from '@/app/api/scIm/getUserSig/route';
import { getBus, type Bus } from '@/lib/realtime/bus';
import { createMemoryBus } from '@/lib/realtime/bus/memory-bus';
import { liveRoomKey } from '@/lib/validation/chat';
import { parseEnv } from '@/lib/env';
import { createGuestIdentity } from '@/lib/server/chat/guest-sig';
import { addressKey } from '@/lib/server/http/address-key';
import { callRoute } from '../support/call-route';
import { newIp } from '../support/auth';
import { createUser, eventually, sleep, startGateway, TestClient, type Frame, type RunningGateway, type TestUser } from './support/harness';

const opened: TestClient[] = [];
afterEach(() => {
  for (const client of opened.splice(0)) client.close();
});

async function connect(gateway: RunningGateway, user?: TestUser): Promise<TestClient> {
  const client = await TestClient.connect(gateway.port);
  opened.push(client);
  if (user) expect(await client.auth(user)).toMatchObject({ type: 'authed' });
  return client;
}

function handshake(port: number, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('connections per client address', () => {
  it('keys IPv4 by address and IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:1:2:aa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('[2001:db8:1:2::7]')).toBe('2001:db8:1:2::/64');
    expect(parseEnv({}).WS_MAX_CONNECTIONS_PER_IP).toBe(50);
  });

  it('refuses the connection past the cap with 429, forged X-Forwarded-For or not, and frees the slot on close', async () => {
    const gateway = await startGateway(getBus(), { maxConnectionsPerAddress: 3 });
    const sockets: WebSocket[] = [];
    try {
      for (let index = 0; index < 3; index += 1) sockets.push(await handshake(gateway.port, { 'x-forwarded-for': `198.51.100.${index}` }));
      await expect(handshake(gateway.port)).rejects.toThrow(/429/);
      // With no trusted proxy the header is the client's own word: it does not make a new address.
      await expect(handshake(gateway.port, { 'x-forwarded-for': '198.51.100.99' })).rejects.toThrow(/429/);
      const first = sockets.shift();
      await new Promise((resolve) => {
        first?.once('close', resolve);
        first?.close();
      });
      await eventually(async () => {
        const socket = await handshake(gateway.port).catch(() => undefined);
        if (socket) sockets.push(socket);
        return Boolean(socket);
      });
    } finally {
      for (const socket of sockets) socket.close();
      await gateway.stop();
    }
  });
});

describe('guest sigs', () => {
  it('hands out 60 a minute per client address, the /64 of an IPv6 address counting as one', async () => {
    const ip = newIp();
    for (let index = 0; index < 60; index += 1) {
      expect(await callRoute(getUserSig, { method: 'GET', headers: { 'x-forwarded-for': ip } })).toMatchObject({ status: 0 });
    }
    expect(await callRoute(getUserSig, { method: 'GET', headers: { 'x-forwarded-for': ip } })).toMatchObject({ status: 1, msg: 'Too many requests. Please try again later.' });
    expect(await callRoute(getUserSig, { method: 'GET', headers: { 'x-forwarded-for': newIp() } })).toMatchObject({ status: 0 });

    const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    for (let index = 0; index < 60; index += 1) {
      await callRoute(getUserSig, { method: 'GET', headers: { 'x-forwarded-for': `${prefix}::${(index + 1).toString(16)}` } });
    }
    expect(await callRoute(getUserSig, { method: 'GET', headers: { 'x-forwarded-for': `${prefix}:ffff:1:2:3` } })).toMatchObject({ status: 1 });
  });
});

describe('room floods', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway(getBus());
  });
  afterAll(() => gateway.stop());

  /** Every login line or welcome of `userId` the watcher saw, alone or in a batch. */
  function entriesOf(watcher: TestClient, room: string, userId: number): Frame[] {
    return watcher.frames
      .filter((frame) => frame.groupId === room)
      .flatMap((frame) => (frame.type === 'batch' ? (frame.msgs as Frame[]) : [frame]))
      .filter((frame) => frame.type === 'login' && frame.user_id === userId);
  }

  it('publishes one welcome per viewer and room, however many sockets and frames ask', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const watcher = await connect(gateway, await createUser());
    await watcher.join(room);
    const viewer = await createUser();
    const sockets = [await connect(gateway, viewer), await connect(gateway, viewer)];
    for (const socket of sockets) {
      await socket.join(room);
      for (let index = 0; index < 4; index += 1) {
        const from = socket.frames.length;
        socket.send({ type: index % 2 ? 'first' : 'login', groupId: room });
        await socket.nextOfType('loginRep', from);
      }
    }
    await sleep(400);
    expect(entriesOf(watcher, room, viewer.id)).toHaveLength(1);
  });

  it('publishes no welcome from a banned viewer', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const troll = await createUser();
    expect(await callRoute(banUser, { credential: anchor.credential, body: { groupId: room, user_id: troll.id, unit: 'hour', duration: 1, reason: 'abuse' } })).toMatchObject({ status: 0 });
    const watcher = await connect(gateway, await createUser());
    await watcher.join(room);
    const socket = await connect(gateway, troll);
    await socket.join(room);
    socket.send({ type: 'login', groupId: room });
    await socket.nextOfType('loginRep');
    await sleep(400);
    expect(entriesOf(watcher, room, troll.id)).toEqual([]);
  });

  it('announces a follower once however often they toggle, and limits the toggles', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const fan = await createUser();
    const toggles: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      toggles.push((await callRoute<{ type: number }>(attentAnchor, { credential: fan.credential, body: { anchorid: anchor.id } })).status);
    }
    expect(toggles.slice(0, 20).every((status) => status === 0)).toBe(true);
    expect(toggles[20]).toBe(1);
    const log = await getBus().readBefore(liveRoomKey(anchor.id), undefined, 50);
    expect(log.filter((entry) => JSON.parse(entry.frame).type === 'attentAnchor')).toHaveLength(1);
  });
});

describe('rooms that exist', () => {
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startGateway(getBus());
  });
  afterAll(() => gateway.stop());

  it('lets an anchor’s fan group members, the anchor and managers into the fan group, and nobody into a made-up one', async () => {
    const anchor = await createUser({ role: 'anchor' });
    const fan = await createUser();
    const follower = await createUser();
    const manager = await createUser({ role: 'manager' });
    await callRoute(addToGroupChat, { credential: fan.credential, body: { group_id: `fans:${anchor.id}` } });
    await callRoute(attentAnchor, { credential: follower.credential, body: { anchorid: anchor.id } });
    const room = `fans:${anchor.id}`;
    expect(await (await connect(gateway, fan)).join(room)).toMatchObject({ type: 'joined', can_moderate: 0 });
    expect(await (await connect(gateway, anchor)).join(room)).toMatchObject({ type: 'joined', can_moderate: 1 });
    expect(await (await connect(gateway, manager)).join(room)).toMatchObject({ type: 'joined', can_moderate: 1 });
    expect(await (await connect(gateway, follower)).join(room)).toMatchObject({ type: 'error', msg: "Join the anchor's fan group to enter it." });
    expect(await (await connect(gateway, fan)).join(`fans:${follower.id}`)).toMatchObject({ type: 'error', msg: 'This chat room does not exist.' });
  });
});

describe('a Redis reconnect', () => {
  it('keeps every socket open and tells each room to resynchronise, spread over the window', async () => {
    const resets: (() => void)[] = [];
    const base = createMemoryBus();
    const bus: Bus = {
      ...base,
      onReset(listener) {
        resets.push(listener);
        return () => undefined;
      },
    };
    const gateway = await startGateway(bus, { resyncSpreadMs: 600 });
    try {
      const rooms = await Promise.all(Array.from({ length: 6 }, async () => liveRoomKey((await createUser({ role: 'anchor' })).id)));
      const viewers = await Promise.all(
        rooms.flatMap((room) =>
          [0, 1].map(async () => {
            const guest = createGuestIdentity();
            const client = await TestClient.connect(gateway.port);
            opened.push(client);
            await client.auth({ uid: guest.id, sig: guest.sig });
            expect(await client.join(room)).toMatchObject({ type: 'joined' });
            return { client, room };
          }),
        ),
      );
      const resetAt = Date.now();
      for (const reset of resets) reset();
      const arrivals = await Promise.all(
        viewers.map(async ({ client, room }) => {
          await client.next((frame) => frame.type === 'resync' && frame.groupId === room, { timeoutMs: 2000 });
          return Date.now() - resetAt;
        }),
      );
      await sleep(200);
      expect(viewers.every(({ client }) => client.closeCode === undefined)).toBe(true);
      expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThan(50);
      expect(Math.max(...arrivals)).toBeLessThan(1500);
    } finally {
      await gateway.stop();
      await base.close();
    }
  });
});
