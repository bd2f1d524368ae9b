// The /ws gateway with real WebSocket clients: greeting, ping/pong, and the Origin check.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { createGateway, type Gateway } from '@/lib/realtime/gateway';

let server: http.Server;
let gateway: Gateway;
let port: number;

beforeAll(async () => {
  gateway = createGateway();
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

it('accepts pages of every brand host', async () => {
  const { socket } = await connect('http://zh.localhost:3000');
  socket.close();
});

it('refuses a foreign origin at the handshake', async () => {
  await expect(connect('https://evil.example')).rejects.toThrow(/403/);
});
