// One server of the realtime benchmark, forked by bench/realtime.ts with an IPC channel:
//   gateway  — the product's gateway and chat (in-memory PGlite, memory bus or REDIS_URL), with an anchor's
//              room, chat senders signed in by user sig and guests by guest sig, exactly as browsers would;
//   ws       — a bare `ws` server that sends every chat message to every client, one frame per message;
//   socketio — a minimal Socket.IO server that emits every chat message to every client.
// It answers { type: 'memory' } with its memory after a garbage collection, and exits on { type: 'stop' }.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Mode = 'gateway' | 'ws' | 'socketio';
type Start = { type: 'start'; mode: Mode; guests: number; senders: number };

export type ServerReady = {
  type: 'ready';
  port: number;
  room: string;
  guests: { uid: string; sig: string }[];
  senders: { uid: string; sig: string }[];
};

function reply(message: object): void {
  process.send?.(message);
}

async function startGateway(server: http.Server, start: Start): Promise<Omit<ServerReady, 'type' | 'port'>> {
  const [{ getDb }, { openDatabase }, schema, { createGateway }, { getBus }, { createImSig }, { createGuestIdentity }, { createChatApp }, { giftFeedSender }] = await Promise.all([
    import('@/lib/db'),
    import('@/lib/db/client'),
    import('@/lib/db/schema'),
    import('@/lib/realtime/gateway'),
    import('@/lib/realtime/bus'),
    import('@/lib/server/session/im-sig'),
    import('@/lib/server/chat/guest-sig'),
    import('@/lib/server/chat/app'),
    import('@/lib/server/gifts/send'),
  ]);
  // Migrations only, no seed data (the match import alone would leave a heap of garbage that blurs the memory
  // figures): installed where lib/db keeps the process-wide database, as the API tests do.
  (globalThis as Record<symbol, unknown>)[Symbol.for('sportcast.database')] = openDatabase({ url: 'memory://', dataDir: process.cwd() });
  const db = await getDb();
  // Fixed ids, so two gateway processes (each with its own in-memory database) agree on who is who.
  const anchorId = 90_000_001;
  const senderIds = Array.from({ length: start.senders }, (_, index) => anchorId + 1 + index);
  await db
    .insert(schema.users)
    .values([
      { id: anchorId, mobile: '19900000000', nickName: 'Bench anchor', role: 'anchor' as const, brandId: 'sportcast' },
      ...senderIds.map((id) => ({ id, mobile: `199${String(id).slice(-8)}`, nickName: `Fan${id % 100_000}`, level: 3, brandId: 'sportcast' })),
    ])
    .onConflictDoNothing();
  // A sig is bound to a sign-in session: each sender gets one whose id is its user id, the same in every process.
  await db
    .insert(schema.sessions)
    .values(senderIds.map((id) => ({ id, userId: id, tokenHash: `bench-${id}`, expiresAt: new Date(Date.now() + 86_400_000) })))
    .onConflictDoNothing();
  // Every bench client comes from this machine: the per-address cap would refuse all but the first few.
  const gateway = createGateway({ app: createChatApp({ bus: getBus(), sendGift: giftFeedSender(getBus()) }), bus: getBus(), limits: { maxConnectionsPerAddress: Number.MAX_SAFE_INTEGER } });
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));
  return {
    room: `live:${anchorId}`,
    senders: senderIds.map((id) => ({ uid: String(id), sig: createImSig(id, id) })),
    guests: Array.from({ length: start.guests }, () => {
      const guest = createGuestIdentity();
      return { uid: guest.id, sig: guest.sig };
    }),
  };
}

async function startWsBaseline(server: http.Server): Promise<void> {
  const { WebSocketServer } = await import('ws');
  const wss = new WebSocketServer({ server, path: '/ws', perMessageDeflate: false });
  wss.on('connection', (socket) => {
    socket.on('message', (data) => {
      const frame = data.toString();
      for (const client of wss.clients) client.send(frame);
    });
  });
}

async function startSocketIoBaseline(server: http.Server): Promise<void> {
  const { Server } = await import('socket.io');
  const io = new Server(server, { transports: ['websocket'], perMessageDeflate: false, serveClient: false });
  io.on('connection', (socket) => {
    socket.on('say', (message: unknown) => io.emit('say', message));
  });
}

process.on('message', (message: Start | { type: 'memory' } | { type: 'stop' }) => {
  if (message.type === 'stop') process.exit(0);
  if (message.type === 'memory') {
    global.gc?.();
    const usage = process.memoryUsage();
    // The JS heap after a collection: where a connection's objects live (the embedded database's WebAssembly
    // memory, counted as external, moves on its own and would drown them).
    reply({ type: 'memory', rss: usage.rss, js: usage.heapUsed });
    return;
  }
  void (async () => {
    const server = http.createServer((_, res) => res.writeHead(404).end());
    server.maxConnections = 100_000;
    let details: Omit<ServerReady, 'type' | 'port'> = { room: 'live:1', guests: [], senders: [] };
    if (message.mode === 'gateway') details = await startGateway(server, message);
    else if (message.mode === 'ws') await startWsBaseline(server);
    else await startSocketIoBaseline(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', 2048, resolve));
    reply({ type: 'ready', port: (server.address() as AddressInfo).port, ...details } satisfies ServerReady);
  })().catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exit(1);
  });
});
