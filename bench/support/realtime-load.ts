// The load of the realtime benchmark, forked by bench/realtime.ts (never in the server's process): its share of
// the N WebSocket clients on loopback in one room, chat at its share of the rate from signed-in senders, and for
// every delivered message it sent, its latency (sent here, received here: one clock). Speaks the product's protocol, a bare ws echo,
// or Socket.IO's wire protocol (Engine.IO v4 over a WebSocket) without the client library's overhead.
import WebSocket from 'ws';

type Protocol = 'gateway' | 'ws' | 'socketio';

export type LoadStart = {
  type: 'start';
  protocol: Protocol;
  ports: number[];
  clients: number;
  room: string;
  /** This process's clients: gateway identities, the first `senderCount` of them users (senders), the rest guests. */
  identities: { uid: string; sig: string }[];
  senderCount: number;
  /** Chat messages per second this process sends into the room. */
  rate: number;
  warmupSeconds: number;
  seconds: number;
};

export type LoadResult = {
  type: 'result';
  deliveries: number;
  seconds: number;
  sent: number;
  refused: number;
  dropped: number;
  /** Milliseconds from send to receipt of this process's own messages sent in the measured window, as seen by its sampled clients. */
  latencies: number[];
};

type Client = { socket: WebSocket; sampled: boolean; sender: boolean; joined: boolean };

const connectConcurrency = 200;
/** How long after the window the load still waits for the window's messages to arrive. */
const drainSeconds = 3;
/** One client in this many decodes every frame for latency; the rest only count messages. */
const sampleEvery = 25;
const seqMarker = Buffer.from('{"seq":');

function send(message: object): void {
  process.send?.(message);
}

function countMarkers(data: Buffer): number {
  let count = 0;
  for (let index = data.indexOf(seqMarker); index !== -1; index = data.indexOf(seqMarker, index + seqMarker.length)) count += 1;
  return count;
}

/** Message tokens carry no digits (the chat refuses numbers): the counter in base 26, as letters. */
function token(counter: number): string {
  let text = '';
  let value = counter;
  do {
    text = String.fromCharCode(97 + (value % 26)) + text;
    value = Math.floor(value / 26);
  } while (value > 0);
  return `bench ${text}`;
}

async function run(start: LoadStart): Promise<void> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  let measuring = false;
  let deliveries = 0;
  let refused = 0;
  let dropped = 0;
  let ready = 0;

  // Latency is taken over the messages sent in the measured window (warm-up traffic is not counted), and their
  // late deliveries are still awaited for a while after it.
  let windowFrom = Infinity;
  let windowTo = Infinity;
  const recordLatency = (content: unknown) => {
    if (typeof content !== 'string') return;
    const at = sentAt.get(content);
    if (at !== undefined && at >= windowFrom && at < windowTo) latencies.push(performance.now() - at);
  };

  const onGatewayFrame = (client: Client, data: Buffer) => {
    if (measuring) deliveries += countMarkers(data);
    if (client.joined && !client.sampled && !client.sender) return;
    const frame = JSON.parse(data.toString());
    if (frame.type === 'authed') client.socket.send(JSON.stringify({ type: 'join', groupId: start.room }));
    else if (frame.type === 'joined') {
      client.joined = true;
      ready += 1;
    } else if (frame.type === 'sayRep' && frame.status !== 0 && measuring) refused += 1;
    else if (frame.type === 'say') recordLatency(frame.content);
    else if (frame.type === 'batch') for (const message of frame.msgs) recordLatency(message.content);
  };

  const connectOne = (index: number) =>
    new Promise<void>((resolve) => {
      const port = start.ports[index % start.ports.length];
      const url = start.protocol === 'socketio' ? `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket` : `ws://127.0.0.1:${port}/ws`;
      const socket = new WebSocket(url, { perMessageDeflate: false });
      const client: Client = { socket, sampled: index % sampleEvery === 0, sender: index < start.senderCount, joined: false };
      clients.push(client);
      socket.on('error', () => resolve());
      socket.on('close', () => {
        if (measuring) dropped += 1;
      });
      socket.on('open', () => {
        if (start.protocol === 'gateway') {
          const identity = start.identities[index];
          socket.send(JSON.stringify({ type: 'auth', uid: identity.uid, sig: identity.sig, device_id: `bench-${index}` }));
        } else if (start.protocol === 'ws') {
          ready += 1;
        }
        resolve();
      });
      socket.on('message', (data: Buffer) => {
        if (start.protocol === 'gateway') return onGatewayFrame(client, data);
        if (start.protocol === 'ws') {
          if (measuring) deliveries += 1;
          if (client.sampled) recordLatency(JSON.parse(data.toString()).content);
          return;
        }
        // Engine.IO: "0{…}" open, "2" ping (answer "3"), "40…" namespace connected, "42[…]" an event.
        const head = data[0];
        if (head === 0x32 /* 2 */) return socket.send('3');
        if (head === 0x30 /* 0 */) return socket.send('40');
        if (data[1] === 0x30 && head === 0x34) return void (ready += 1);
        if (data[1] === 0x32 && head === 0x34) {
          if (measuring) deliveries += 1;
          if (client.sampled) recordLatency(JSON.parse(data.subarray(2).toString())[1].content);
        }
      });
    });

  const clients: Client[] = [];
  let reported = -1;
  const progress = setInterval(() => {
    if (ready === reported) return;
    reported = ready;
    send({ type: 'progress', connected: clients.length, ready });
  }, 2000);
  for (let next = 0; next < start.clients; next += connectConcurrency) {
    await Promise.all(Array.from({ length: Math.min(connectConcurrency, start.clients - next) }, (_, offset) => connectOne(next + offset)));
  }
  const deadline = Date.now() + 60_000;
  while (ready < start.clients && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  clearInterval(progress);
  send({ type: 'connected', ready });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));

  // The chat: `rate` messages a second, round-robin over the senders (each far below the speak-rate limit).
  const senders = clients.filter((client) => client.sender);
  let counter = 0;
  let sent = 0;
  const intervalMs = 1000 / start.rate;
  const began = performance.now();
  const chat = setInterval(() => {
    // Catch up on missed ticks so the rate holds even when the event loop is busy.
    const due = Math.floor((performance.now() - began) / intervalMs);
    while (counter < due) {
      const client = senders[counter % senders.length];
      const content = token(counter);
      counter += 1;
      if (client.socket.readyState !== WebSocket.OPEN) continue;
      sentAt.set(content, performance.now());
      const payload = { type: 'say', groupId: start.room, content };
      client.socket.send(start.protocol === 'socketio' ? `42${JSON.stringify(['say', payload])}` : JSON.stringify(payload));
      if (measuring) sent += 1;
    }
  }, 5);

  await new Promise((resolve) => setTimeout(resolve, start.warmupSeconds * 1000));
  measuring = true;
  const measuredFrom = performance.now();
  windowFrom = measuredFrom;
  await new Promise((resolve) => setTimeout(resolve, start.seconds * 1000));
  measuring = false;
  windowTo = performance.now();
  const seconds = (windowTo - measuredFrom) / 1000;
  clearInterval(chat);
  await new Promise((resolve) => setTimeout(resolve, drainSeconds * 1000));
  send({ type: 'result', deliveries, seconds, sent, refused, dropped, latencies } satisfies LoadResult);
  for (const client of clients) client.socket.terminate();
}

process.once('message', (message: LoadStart) => {
  run(message).catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : String(error));
    process.exit(1);
  });
});
