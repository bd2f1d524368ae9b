// Fault: Redis is killed (SIGKILL) and restarted during a broadcast. Two gateways share a Redis of this test's
// own (never the machine's); viewers use the browser's messaging client (lib/im). Every viewer reconnects and
// either recovers every missed message in order or gets a reset — never a silent gap — and hears the room again.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import net from 'node:net';
import WebSocket from 'ws';
import { createWsImClient, type SocketFactory } from '@/lib/im/ws-client';
import type { ImClient, ImEvent } from '@/lib/im/types';
import { createRedisBus } from '@/lib/realtime/bus/redis-bus';
import type { RoomMessage } from '@/lib/realtime/protocol';
import { liveRoomKey } from '@/lib/validation/chat';
import { createGuestIdentity } from '@/lib/server/chat/guest-sig';
import { newMessageId, publishRoomMessage } from '@/lib/server/chat/publish';
import { createUser, eventually, sleep, startGateway, type RunningGateway } from './support/harness';
import { itNeeding } from '@/tests/support/needs-tool';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const faultTest = itNeeding('redis-server', hasRedisServer, 'run scripts/ensure-redis.sh as root');

jest.setTimeout(60_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await eventually(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }),
    10_000,
  );
  return child;
}

const wsFactory: SocketFactory = (url, handlers) => {
  const socket = new WebSocket(url);
  socket.on('open', () => handlers.open());
  socket.on('message', (data) => handlers.message(data.toString()));
  socket.on('close', (code) => handlers.close(code));
  socket.on('error', () => undefined);
  return { send: (data) => socket.send(data), close: (code) => socket.close(code), isOpen: () => socket.readyState === WebSocket.OPEN };
};

/** A viewer that checks, event by event, that the client's room stream never skips a number. */
function watch(client: ImClient, room: string) {
  const seen = { joins: [] as { mode: string; at: number }[], received: [] as string[], gaps: [] as string[] };
  let expected = 0;
  client.on((event: ImEvent) => {
    if (event.kind === 'joined' && event.frame.groupId === room) {
      seen.joins.push({ mode: event.frame.mode, at: Date.now() });
      if (event.frame.mode === 'reset') expected = event.frame.seq + 1;
    }
    if (event.kind === 'message' && event.message.groupId === room && event.message.type === 'announcement') {
      const seq = (event.message as RoomMessage & { seq?: number }).seq;
      if (seq !== expected) seen.gaps.push(`expected ${expected}, got ${seq}`);
      expected = (seq ?? expected) + 1;
      seen.received.push(event.message.content);
    }
  });
  return seen;
}

faultTest('every viewer recovers in order or resets after Redis is killed and restarted mid-broadcast', async () => {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let redis = await startRedis(port);
  const prefix = `fault:${crypto.randomBytes(4).toString('hex')}:`;
  const gateways: RunningGateway[] = [];
  const clients: ImClient[] = [];
  try {
    gateways.push(await startGateway(createRedisBus(url, { keyPrefix: prefix })), await startGateway(createRedisBus(url, { keyPrefix: prefix })));
    const anchor = await createUser({ role: 'anchor' });
    const room = liveRoomKey(anchor.id);
    const viewers = Array.from({ length: 6 }, (_, index) => {
      const guest = createGuestIdentity();
      const client = createWsImClient({
        url: `ws://127.0.0.1:${gateways[index % 2].port}/ws`,
        credentials: async () => ({ uid: guest.id, sig: guest.sig }),
        deviceId: async () => `viewer-${index}`,
        socketFactory: wsFactory,
        backoff: { initialMs: 100, maxMs: 500 },
      });
      clients.push(client);
      const seen = watch(client, room);
      client.join(room);
      client.connect();
      return seen;
    });
    await eventually(() => viewers.every((viewer) => viewer.joins.length === 1), 10_000);

    // The broadcast: an announcement every 20 ms, through the first gateway's bus, whatever Redis is doing.
    let broadcasting = true;
    let sent = 0;
    const publisher = (async () => {
      while (broadcasting) {
        const content = `n${(sent += 1)}`;
        void publishRoomMessage(gateways[0].bus, { type: 'announcement', groupId: room, id: newMessageId(), room_id: anchor.id, content, contact: [], send_time: Date.now() }).catch(() => undefined);
        await sleep(20);
      }
    })();

    await sleep(1000);
    const killedAt = Date.now();
    redis.kill('SIGKILL');
    await sleep(700);
    redis = await startRedis(port);
    // Every viewer comes back: a fresh join after the kill.
    await eventually(() => viewers.every((viewer) => viewer.joins.some((join) => join.at > killedAt)), 20_000);
    await sleep(1000);
    broadcasting = false;
    await publisher;
    const last = `n${sent + 1}`;
    await publishRoomMessage(gateways[0].bus, { type: 'announcement', groupId: room, id: newMessageId(), room_id: anchor.id, content: last, contact: [], send_time: Date.now() });
    await eventually(() => viewers.every((viewer) => viewer.received.includes(last)), 10_000);

    for (const viewer of viewers) {
      expect(viewer.gaps).toEqual([]);
      // Redis kept nothing (--save ''), so the numbering started over: a reset, not a pretend recovery.
      expect(viewer.joins.filter((join) => join.at > killedAt).map((join) => join.mode)).toContain('reset');
      expect(viewer.received.length).toBeGreaterThan(20);
    }
  } finally {
    for (const client of clients) client.destroy();
    for (const gateway of gateways) {
      await gateway.stop();
      await gateway.bus.close();
    }
    redis.kill('SIGKILL');
  }
});
