// The browser's messaging client against a scripted gateway: it signs in, joins, passes room messages on once
// and in order, rejoins from its last seq after a gap or a drop, and stops when another login replaces it.
import { createWsImClient, type SocketFactory, type SocketHandlers } from '@/lib/im/ws-client';
import type { ImEvent } from '@/lib/im/types';

type FakeSocket = { handlers: SocketHandlers; sent: Record<string, unknown>[]; open: boolean };

function harness(backoff = { initialMs: 10, maxMs: 20 }, deviceId: () => Promise<string> = async () => 'device-1') {
  const sockets: FakeSocket[] = [];
  const factory: SocketFactory = (_url, handlers) => {
    const socket: FakeSocket = { handlers, sent: [], open: true };
    sockets.push(socket);
    return { send: (data) => socket.sent.push(JSON.parse(data)), close: () => ((socket.open = false), handlers.close(1000)), isOpen: () => socket.open };
  };
  const events: ImEvent[] = [];
  const client = createWsImClient({
    url: 'ws://test/ws',
    credentials: async () => ({ token: '1.token' }),
    deviceId,
    socketFactory: factory,
    backoff,
  });
  client.on((event) => events.push(event));
  const server = (frame: object, index = sockets.length - 1) => sockets[index].handlers.message(JSON.stringify(frame));
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { client, sockets, events, server, flush };
}

const say = (seq: number) => ({ seq, type: 'say', groupId: 'live:1', id: `m${seq}`, content: `line ${seq}`, user_id: 2, send_time: seq });
const seqs = (events: ImEvent[]) => events.flatMap((event) => (event.kind === 'message' && 'seq' in event.message ? [event.message.seq] : []));

async function joinedClient(backoff?: { initialMs: number; maxMs: number }) {
  const h = harness(backoff);
  h.client.join('live:1');
  h.client.connect();
  h.server({ type: 'hello' });
  await h.flush();
  expect(h.sockets[0].sent[0]).toMatchObject({ type: 'auth', token: '1.token', device_id: 'device-1' });
  h.server({ type: 'authed', user: { id: 1 } });
  expect(h.sockets[0].sent[1]).toEqual({ type: 'join', groupId: 'live:1' });
  h.server({ type: 'joined', groupId: 'live:1', epoch: 'e1', seq: 3, mode: 'reset', history: [], can_moderate: 0 });
  return h;
}

it('passes room messages on once and in order, whether alone or batched', async () => {
  const h = await joinedClient();
  h.server(say(4));
  h.server(say(4));
  h.server({ type: 'batch', groupId: 'live:1', from: 5, to: 8, msgs: [say(5), say(7)] });
  h.server(say(9));
  expect(seqs(h.events)).toEqual([4, 5, 7, 9]);
  expect(h.client.state).toBe('ready');
});

it('rejoins from its last seq when a number is skipped', async () => {
  const h = await joinedClient();
  h.server(say(4));
  h.server(say(6));
  expect(seqs(h.events)).toEqual([4]);
  expect(h.sockets[0].sent.at(-1)).toEqual({ type: 'join', groupId: 'live:1', epoch: 'e1', last_seq: 4 });
  h.server({ type: 'joined', groupId: 'live:1', epoch: 'e1', seq: 6, mode: 'recover', can_moderate: 0 });
  h.server({ type: 'batch', groupId: 'live:1', from: 5, to: 6, msgs: [say(5), say(6)] });
  expect(seqs(h.events)).toEqual([4, 5, 6]);
});

it('reconnects after a drop and asks for what it missed', async () => {
  const h = await joinedClient();
  h.server(say(4));
  h.sockets[0].open = false;
  h.sockets[0].handlers.close(1006);
  expect(h.client.state).toBe('reconnecting');
  await new Promise((resolve) => setTimeout(resolve, 40));
  expect(h.sockets).toHaveLength(2);
  h.server({ type: 'hello' });
  await h.flush();
  h.server({ type: 'authed', user: { id: 1 } });
  expect(h.sockets[1].sent.at(-1)).toEqual({ type: 'join', groupId: 'live:1', epoch: 'e1', last_seq: 4 });
});

it('reconnects at once when the tab becomes visible, instead of waiting out its back-off', async () => {
  const h = await joinedClient({ initialMs: 60_000, maxMs: 60_000 });
  h.sockets[0].open = false;
  h.sockets[0].handlers.close(1006);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(h.sockets).toHaveLength(1);
  h.client.reconnectNow();
  // At once means within the 300 ms jitter that keeps a room's viewers from arriving together.
  await new Promise((resolve) => setTimeout(resolve, 350));
  expect(h.sockets).toHaveLength(2);
  h.client.destroy();
});

it('stops for good when another login replaces it', async () => {
  const h = await joinedClient();
  h.server({ type: 'kickedOut', msg: 'elsewhere' });
  h.sockets[0].open = false;
  h.sockets[0].handlers.close(4001);
  await new Promise((resolve) => setTimeout(resolve, 40));
  expect(h.events).toContainEqual({ kind: 'kickedOut', msg: 'elsewhere' });
  expect(h.client.state).toBe('kickedOut');
  expect(h.sockets).toHaveLength(1);
});

it('tells the app who it signed in as, and keeps it for a room that starts listening later', async () => {
  const h = await joinedClient();
  expect(h.events).toContainEqual({ kind: 'frame', frame: { type: 'authed', user: { id: 1 } } });
  expect(h.events).toContainEqual({ kind: 'state', state: 'ready' });
  expect(h.client.user).toEqual({ id: 1 });
});

it('signs in without waiting for a device id still being computed, and sends it in a ping once known', async () => {
  let computed: (id: string) => void = () => undefined;
  const h = harness(undefined, () => new Promise<string>((resolve) => (computed = resolve)));
  h.client.join('live:1');
  h.client.connect();
  h.server({ type: 'hello' });
  await h.flush();
  expect(h.sockets[0].sent[0]).toEqual({ type: 'auth', token: '1.token' });
  h.server({ type: 'authed', user: { id: 1 } });
  computed('device-late');
  await h.flush();
  expect(h.sockets[0].sent.at(-1)).toEqual({ type: 'ping', device_id: 'device-late', groupId: 'live:1' });
});
