// The live room of the lighthouse benchmark: the product server with every role (web, realtime, media, jobs) on free
// ports, so the seed's demo lives play their test patterns; the free room of the demo anchor Coach Li, waited for
// until it plays; and the chat load of room-chat-load.ts, forked, with the anchor signed in as a person would.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import { z } from 'zod';
import { demoAccounts } from '@/lib/server/seed/demo-accounts';
import { smsOutboxPath } from '@/lib/server/sms/outbox-retention';
import { loginType } from '@/lib/validation/auth';
import { guestIdentityReply } from '@/lib/validation/chat';
import { roomInfoReply } from '@/lib/validation/live';
import { forkTs } from './forked';
import { BenchError, freePort, progress, type Child } from './harness';
import { productServer, type ProductServer } from './pages-bench';
import type { ChatCount, ChatLoadStart } from './room-chat-load';

export type RoomServer = ProductServer & {
  /** http://localhost:<port>: the brand Coach Li belongs to, as a visitor types it. */
  origin: string;
  roomPath: string;
  anchorId: number;
};

const demoAnchorName = 'Coach Li';

function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number(), msg: z.string(), data: data.optional() });
}

/** An API call as the browser makes it (with a session credential `<uid>.<token>` when given): the envelope's data. */
export async function post<T extends z.ZodType>(url: string, body: object, reply: T, credential?: string): Promise<z.infer<T>> {
  const headers = { 'content-type': 'application/json', ...(credential ? { authorization: `Bearer ${credential}` } : {}) };
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const parsed = envelope(reply).safeParse(await response.json().catch(() => null));
  if (!parsed.success || parsed.data.status !== 0 || parsed.data.data === undefined) {
    throw new BenchError(`${new URL(url).pathname} answered ${response.status}: ${parsed.success ? parsed.data.msg : 'not the envelope'}`);
  }
  return parsed.data.data;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads the first bytes of a live FLV address, then lets go: the stream is endless. */
async function flvAnswersBytes(url: string): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), 5_000);
  try {
    const response = await fetch(url, { signal: abort.signal });
    const reader = response.body?.getReader();
    const first = response.ok ? await reader?.read() : undefined;
    return (first?.value?.length ?? 0) > 0;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
}

/** Until getRoomInfo (as a visitor's browser asks it) says live with play addresses and the FLV address gives bytes. */
export async function waitUntilLive(origin: string, anchorId: number, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    const info = await post(`${origin}/api/live/getRoomInfo`, { anchor_id: anchorId }, roomInfoReply).catch((error: unknown) => {
      last = error instanceof Error ? error.message : String(error);
      return undefined;
    });
    if (info) {
      last = `live state ${info.live?.state ?? 'none'}, FLV address ${info.play.flv ? 'given' : 'missing'}`;
      if (info.live?.state === 'live' && info.play.flv && (await flvAnswersBytes(info.play.flv))) return info.play.flv;
    }
    await sleep(1000);
  }
  throw new BenchError(`${demoAnchorName}'s room did not go live within ${timeoutMs / 1000} s (${last}).`);
}

function requireFfmpeg(): void {
  const found = spawnSync('sh', ['-c', 'command -v ffmpeg || test -x /usr/bin/ffmpeg'], { stdio: 'ignore' }).status === 0;
  if (!found) throw new BenchError('ffmpeg is missing, so the demo lives cannot play: run `bash scripts/ensure-ffmpeg.sh` (as root), then run this benchmark again.');
}

/** The product with every role and its own data directory; resolves when Coach Li's room plays. */
export async function startRoomServer(root: string, distDir: string, workDir: string, children: Child[]): Promise<RoomServer> {
  requireFfmpeg();
  const [rtmpPort, mediaHttpPort] = [await freePort(), await freePort()];
  const server = await productServer(root, distDir, workDir, children, {
    label: 'room server',
    roles: 'all',
    dataDirName: 'room-data',
    env: { MEDIA_RTMP_PORT: String(rtmpPort), MEDIA_HTTP_PORT: String(mediaHttpPort) },
  });
  const origin = `http://localhost:${server.port}`;
  const roomPath = await server.demoRoomPath();
  const anchorId = Number(roomPath.split('/').at(-1));
  const flv = await waitUntilLive(origin, anchorId, 120_000);
  progress(`${demoAnchorName}'s room ${roomPath} is live: ${flv} answers`);
  return { ...server, origin, roomPath, anchorId };
}

const outboxLine = z.object({ mobile: z.string(), code: z.string(), purpose: z.string(), at: z.string() });

/**
 * Coach Li signed in through the API with a login code read from the console sender's outbox, as a person reads
 * their phone. (The password in demo-accounts.txt signs in only behind a solved slide captcha, made for people.)
 * Answers his id and the session credential the browser presents to the API and the gateway: `<uid>.<token>`.
 */
export async function signInDemoAnchor(server: Pick<RoomServer, 'origin' | 'dataDir'>): Promise<{ id: number; credential: string }> {
  const mobile = demoAccounts.find((account) => account.nickName === demoAnchorName)?.mobile;
  if (!mobile) throw new BenchError(`The demo accounts no longer include ${demoAnchorName}.`);
  const asked = Date.now();
  await post(`${server.origin}/api/user/sendCode`, { mobile, is_change_mobile: 0 }, z.unknown());
  let code: string | undefined;
  for (const deadline = Date.now() + 10_000; !code && Date.now() < deadline; await sleep(200)) {
    const text = await fs.readFile(smsOutboxPath(server.dataDir), 'utf8').catch(() => '');
    code = text
      .split('\n')
      .filter(Boolean)
      .map((line) => outboxLine.parse(JSON.parse(line)))
      .filter((line) => line.mobile === mobile && line.purpose === 'login' && Date.parse(line.at) >= asked - 1000)
      .at(-1)?.code;
  }
  if (!code) throw new BenchError(`No login code for ${demoAnchorName} reached ${smsOutboxPath(server.dataDir)} within 10 s.`);
  const signedIn = await post(
    `${server.origin}/api/user/login`,
    { account: mobile, pwd: code, login_type: loginType.smsCode, platform: 0, source_id: 10001, website: 'localhost' },
    z.object({ id: z.number(), token: z.string() }),
  );
  return { id: signedIn.id, credential: `${signedIn.id}.${signedIn.token}` };
}

export type ChatLoad = {
  /** Lines a second the load sends. */
  rate: number;
  /** Starts the chat (the sockets are already in the room). */
  begin(): void;
  count(): Promise<ChatCount>;
  /** Stops the chat and answers the final count once the last lines had time to arrive. */
  finish(): Promise<ChatCount>;
  stop(): Promise<void>;
};

/** Chat at `rate` lines a second into the room from Coach Li, and a guest in the room counting what arrives. */
export async function startChatLoad(server: RoomServer, rate: number): Promise<ChatLoad> {
  const anchor = await signInDemoAnchor(server);
  if (anchor.id !== server.anchorId) throw new BenchError(`${demoAnchorName} signed in as user ${anchor.id}, not the room's anchor ${server.anchorId}.`);
  const credential = anchor.credential;
  const guest = await post(`${server.origin}/api/scIm/getUserSig`, {}, guestIdentityReply);
  const child = forkTs('bench/support/room-chat-load.ts', { env: process.env, openFiles: 1024 });
  const start: ChatLoadStart = {
    type: 'start',
    url: `ws://127.0.0.1:${server.port}/ws`,
    host: `localhost:${server.port}`,
    anchorId: server.anchorId,
    credential,
    guest: { uid: guest.id, sig: guest.sig },
    rate,
  };
  child.send(start);
  try {
    await child.next('ready', 30_000);
  } catch (error) {
    await child.stop();
    throw error;
  }
  const count = async (ask: 'count' | 'finish') => {
    child.send({ type: ask });
    const reply = await child.next<ChatCount>('count', 15_000);
    if (reply.closed) throw new BenchError(`The chat load lost a socket: ${reply.closed}`);
    return reply;
  };
  return {
    rate,
    begin: () => child.send({ type: 'begin' }),
    count: () => count('count'),
    finish: () => count('finish'),
    stop: () => child.stop(),
  };
}
