// The /ws gateway with real WebSocket clients: greeting, ping/pong, and the Origin check.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createGateway, type Gateway } from '@/lib/realtime/gateway';
import { getBus } from '@/lib/realtime/bus';
import { createChatApp } from '@/lib/server/chat/app';

let server: http.Server;
let gateway: Gateway;
let port: number;

beforeAll(async () => {
  gateway = createGateway({ app: createChatApp({ bus: getBus() }) });
  server = http.createServer((_, res) => res.writeHead(404).end());
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => server.close(resolve));
});

function connect(origin?: string): Promise<{ socket: WebSocket; frames: unknown[] }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, origin ? { origin } : {});
    const frames: unknown[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    socket.once('open', () => resolve({ socket, frames }));
    socket.once('error', reject);
  });
}

async function waitFor<T>(read: () => T | undefined, timeoutMs = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

it('greets a client and answers its ping', async () => {
  const { socket, frames } = await connect('http://localhost:3000');
  const hello = await waitFor(() => frames.find((frame) => (frame as { type: string }).type === 'hello'));
  expect(hello).toMatchObject({ type: 'hello', connection_id: expect.any(String) });
  socket.send(JSON.stringify({ type: 'ping', device_id: 'abc' }));
  await waitFor(() => frames.find((frame) => (frame as { type: string }).type === 'pong'));
  socket.send('not json');
  await waitFor(() => frames.find((frame) => (frame as { type: string }).type === 'error'));
  expect(gateway.connectionCount()).toBe(1);
  socket.close();
});

it('accepts pages of every brand host, wildcards included, and greets them', async () => {
  for (const origin of ['http://localhost:3000', 'http://zh.localhost:3000', 'https://qiuba.example', 'https://m.qiuba.example', 'https://www.sportcast.example']) {
    const { socket, frames } = await connect(origin);
    await expect(waitFor(() => frames.find((frame) => (frame as { type: string }).type === 'hello'))).resolves.toMatchObject({ type: 'hello' });
    socket.close();
  }
  // A host that only ends like a brand's is not one.
  await expect(connect('https://evilqiuba.example')).rejects.toThrow(/403/);
});

it('refuses a foreign origin at the handshake', async () => {
  await expect(connect('https://evil.example')).rejects.toThrow(/403/);
});
