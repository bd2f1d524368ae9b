// What the realtime tests share: gateways on free loopback ports (one on the memory bus; two sharing Redis
// when TEST_REDIS_URL is set), accounts with random ids (so files sharing one Redis never meet), and a
// WebSocket client that records every frame it receives.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import { getDb, type Db } from '@/lib/db';
import { eq } from 'drizzle-orm';
import { chatConfigs, chatKeywords, users, type UserRole } from '@/lib/db/schema';
import { createChatApp } from '@/lib/server/chat/app';
import { giftFeedSender } from '@/lib/server/gifts/send';
import { isFanGroupMember } from '@/lib/server/fan-groups/fan-groups';
import { forgetChatConfigCache } from '@/lib/server/chat/config';
import { getBus, type Bus } from '@/lib/realtime/bus';
import { createRedisBus } from '@/lib/realtime/bus/redis-bus';
import { createGateway, type Gateway, type GatewayLimits } from '@/lib/realtime/gateway';
import type { ClientFrameInput } from '@/lib/realtime/protocol';
import { createSession } from '@/lib/server/session/sessions';

export type Frame = { type: string; [field: string]: unknown };

export type RunningGateway = { gateway: Gateway; port: number; bus: Bus; stop: () => Promise<void> };

export async function startGateway(bus: Bus, limits: Partial<GatewayLimits> = {}): Promise<RunningGateway> {
  const gateway = createGateway({ app: createChatApp({ bus, sendGift: giftFeedSender(bus), isFanGroupMember }), bus, limits });
  const server = http.createServer((_, res) => res.writeHead(404).end());
  server.on('upgrade', (request, socket, head) => gateway.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    gateway,
    port,
    bus,
    stop: async () => {
      await gateway.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export const usingRedis = Boolean(process.env.TEST_REDIS_URL);

/**
 * The gateways a suite runs against: one on the process bus, and with TEST_REDIS_URL a second one on its own
 * Redis connection, so messages must cross Redis to reach the clients of the other.
 */
export async function startGateways(limits: Partial<GatewayLimits> = {}): Promise<RunningGateway[]> {
  const first = await startGateway(getBus(), limits);
  if (!process.env.TEST_REDIS_URL) return [first];
  const second = await startGateway(createRedisBus(process.env.TEST_REDIS_URL), limits);
  const stopSecond = second.stop;
  second.stop = async () => {
    await stopSecond();
    await second.bus.close();
  };
  return [first, second];
}

export type TestUser = { id: number; nickName: string; credential: string; role: UserRole };

/** An account with a random id (a fresh range per file), signed in on its own device. */
export async function createUser(options: { role?: UserRole; vipLevel?: number; level?: number; nickName?: string; device?: string } = {}): Promise<TestUser> {
  const db: Db = await getDb();
  const id = 500_000_000 + crypto.randomInt(0, 400_000_000);
  const nickName = options.nickName ?? `Fan${id % 100_000}`;
  const role = options.role ?? 'user';
  await db.insert(users).values({
    id,
    mobile: `170${String(id).slice(-8)}`,
    nickName,
    role,
    level: options.level ?? 1,
    vipLevel: options.vipLevel ?? 0,
    brandId: 'sportcast',
  });
  const { credential } = await createSession(db, id, options.device ?? `device-${id}`);
  return { id, nickName, credential, role };
}

export class TestClient {
  readonly frames: Frame[] = [];
  closeCode: number | undefined;
  private constructor(readonly socket: WebSocket) {}

  static connect(port: number, origin?: string): Promise<TestClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, origin ? { origin } : {});
      const client = new TestClient(socket);
      socket.on('message', (data) => client.frames.push(JSON.parse(data.toString()) as Frame));
      socket.on('close', (code) => {
        client.closeCode = code;
      });
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(frame: ClientFrameInput | Record<string, unknown>): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame (after `from`) that matches; waits for it. */
  async next(match: (frame: Frame) => boolean, options: { from?: number; timeoutMs?: number } = {}): Promise<Frame> {
    const deadline = Date.now() + (options.timeoutMs ?? 3000);
    for (;;) {
      const found = this.frames.slice(options.from ?? 0).find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no matching frame; got: ${JSON.stringify(this.frames.slice(-8))}`);
      await sleep(10);
    }
  }

  nextOfType(type: string, from?: number): Promise<Frame> {
    return this.next((frame) => frame.type === type, { from });
  }

  /** Every room message received, whether alone or inside a batch, in order. */
  roomMessages(groupId: string): Frame[] {
    const out: Frame[] = [];
    for (const frame of this.frames) {
      if (frame.type === 'batch' && frame.groupId === groupId) out.push(...(frame.msgs as Frame[]));
      else if (frame.groupId === groupId && typeof frame.seq === 'number') out.push(frame);
    }
    return out;
  }

  async auth(user: TestUser | { token?: string; uid?: string; sig?: string }, device?: string): Promise<Frame> {
    const from = this.frames.length;
    this.send('credential' in user ? { type: 'auth', token: user.credential, device_id: device ?? `device-${user.id}` } : { type: 'auth', ...user, device_id: device });
    return this.next((frame) => frame.type === 'authed' || frame.type === 'error', { from });
  }

  async join(groupId: string, resume: { epoch?: string; last_seq?: number } = {}): Promise<Frame> {
    const from = this.frames.length;
    this.send({ type: 'join', groupId, ...resume });
    return this.next((frame) => (frame.type === 'joined' || frame.type === 'error') && frame.groupId === groupId, { from });
  }

  /** Sends a line and waits for its reply; `timeoutMs` for a line queued behind many of the connection's own. */
  async say(groupId: string, content: string, extra: Record<string, unknown> = {}, timeoutMs?: number): Promise<Frame> {
    const from = this.frames.length;
    const clientId = crypto.randomBytes(4).toString('hex');
    this.send({ type: 'say', groupId, content, client_id: clientId, ...extra });
    return this.next((frame) => frame.type === 'sayRep' && frame.client_id === clientId, { from, timeoutMs });
  }

  closed(): Promise<number> {
    return new Promise((resolve) => {
      if (this.closeCode !== undefined) return resolve(this.closeCode);
      this.socket.once('close', (code) => resolve(code));
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** Sends `payload` and waits until the gateway has handled it: frames are handled in order, so a ping after it answers after it. */
export async function sendAndSettle(client: TestClient, payload: string | Buffer): Promise<Frame[]> {
  const from = client.frames.length;
  client.socket.send(payload);
  client.send({ type: 'ping', device_id: 'settle' });
  await client.next((frame) => frame.type === 'pong', { from, timeoutMs: 5_000 });
  return client.frames.slice(from);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(10);
  }
}

/** Replaces a brand's blocked chat words, effective at once in this process. */
export async function setChatKeywords(brandId: string, words: string[]): Promise<void> {
  const db = await getDb();
  await db.insert(chatKeywords).values({ brandId, words }).onConflictDoUpdate({ target: chatKeywords.brandId, set: { words } });
  forgetChatConfigCache();
}

/** Changes the limits every brand falls back to, effective at once in this process. */
export async function setChatConfig(changes: Partial<typeof chatConfigs.$inferInsert>): Promise<void> {
  const db = await getDb();
  await db.update(chatConfigs).set(changes).where(eq(chatConfigs.brandId, '*'));
  forgetChatConfigCache();
}
