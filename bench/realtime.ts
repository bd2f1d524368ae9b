// Chat fan-out at scale: N WebSocket clients on loopback in one live room (the load in its own process), chat
// at 40 messages/s (Tencent IM's cap for one group), measuring message deliveries per second, delivery latency
// p50/p99 and server memory per connection. Beside the gateway, the same broadcast on a bare `ws` server (one
// frame per message) and a minimal Socket.IO server; then two gateway processes sharing a Redis of their own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { forkTs, type Forked, type IpcMessage } from './support/forked';
import { BenchError, freePort, progress, round } from './support/harness';
import type { LoadResult, LoadStart } from './support/realtime-load';
import type { ServerReady } from './support/realtime-server';

export const description = 'chat fan-out to 1k/5k/10k WebSocket clients: deliveries/s, p50/p99, KB per connection, vs bare ws and Socket.IO, and 2 gateways over Redis';

const allTargets = ['gateway', 'ws', 'socketio', 'gateway-redis-2'] as const;
type Target = (typeof allTargets)[number];
const usage = `npm run bench -- realtime [--clients N] [--seconds S] [--rate 40] [--warmup 2] [--targets ${allTargets.join(',')}]`;

type RunFigures = {
  target: Target;
  clients: number;
  deliveries_per_s: number;
  expected_per_s: number;
  p50_ms: number;
  p99_ms: number;
  /** Growth of the server's JS heap (after a GC) per connected client. */
  kb_per_conn: number;
  /**
   * Growth of its resident memory per client. Meaningful for the baselines; in the gateway, the embedded
   * database's WebAssembly memory moves by more than ten thousand connections weigh.
   */
  rss_kb_per_conn: number;
  refused: number;
  dropped: number;
};

/** Senders sign in as users; each sends well under the default speak rate (one message per 2 s). */
const senderCount = 200;
/** From this many clients the load runs in two processes, so reading sockets is not what limits the figures. */
const splitLoadFrom = 4000;

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

function readFlags(args: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        clients: { type: 'string' },
        seconds: { type: 'string', default: '10' },
        rate: { type: 'string', default: '40' },
        warmup: { type: 'string', default: '2' },
        targets: { type: 'string', default: allTargets.join(',') },
      },
      strict: true,
    }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: ${usage}`);
  }
  const clients = values.clients === undefined ? undefined : Number(values.clients);
  const seconds = Number(values.seconds);
  const rate = Number(values.rate);
  const warmup = Number(values.warmup);
  if (clients !== undefined && (!Number.isInteger(clients) || clients < 10 || clients > 20_000)) throw new BenchError('--clients must be a whole number from 10 to 20000.');
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 120) throw new BenchError('--seconds must be a whole number from 1 to 120.');
  if (!Number.isFinite(rate) || rate <= 0 || rate > 1000) throw new BenchError('--rate must be between 0 and 1000 messages per second.');
  if (!Number.isFinite(warmup) || warmup < 0 || warmup > 30) throw new BenchError('--warmup must be between 0 and 30 seconds.');
  const targets = values.targets.split(',').map((name) => name.trim());
  const unknown = targets.filter((name) => !(allTargets as readonly string[]).includes(name));
  if (unknown.length > 0 || targets.length === 0) throw new BenchError(`--targets takes a comma-separated list of ${allTargets.join(', ')}.\nUsage: ${usage}`);
  return { sizes: clients === undefined ? [1000, 5000, 10_000] : [clients], seconds, rate, warmup, targets: new Set(targets as Target[]) };
}

async function startRedis(): Promise<{ url: string; stop: () => void } | undefined> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  process.once('exit', () => child.kill('SIGKILL'));
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGKILL') };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new BenchError('redis-server did not start.');
}

type Context = { env: NodeJS.ProcessEnv; seconds: number; rate: number; warmup: number; redisUrl?: string };

async function measure(target: Target, clients: number, context: Context): Promise<RunFigures> {
  const processes = target === 'gateway-redis-2' ? 2 : 1;
  const mode = target === 'gateway-redis-2' ? 'gateway' : target;
  const senders = Math.min(senderCount, clients);
  const servers: Forked[] = [];
  const loads: Forked[] = [];
  try {
    const env = target === 'gateway-redis-2' ? { ...context.env, REDIS_URL: context.redisUrl } : context.env;
    const ready: ServerReady[] = [];
    for (let index = 0; index < processes; index += 1) {
      const server = forkTs('bench/support/realtime-server.ts', { env, openFiles: clients + 4096 });
      servers.push(server);
      server.send({ type: 'start', mode, guests: Math.ceil((clients - senders) / processes) + 1, senders });
      ready.push(await server.next<ServerReady & IpcMessage>('ready', 120_000));
    }
    const memory = async () => {
      let rss = 0;
      let js = 0;
      for (const server of servers) {
        server.send({ type: 'memory' });
        const usage = await server.next<{ type: string; rss: number; js: number }>('memory', 30_000);
        rss += usage.rss;
        js += usage.js;
      }
      return { rss, js };
    };
    const before = await memory();

    // Identities come from the server that will check them: senders first, then guests, alternating processes.
    const identities = Array.from({ length: clients }, (_, index) => {
      if (index < senders) return ready[index % processes].senders[index];
      const guestIndex = Math.floor((index - senders) / processes);
      return ready[index % processes].guests[guestIndex];
    });
    // Each load process takes every k-th client (senders too) and its share of the rate.
    const loaders = clients >= splitLoadFrom ? 2 : 1;
    for (let part = 0; part < loaders; part += 1) {
      const mine = identities.filter((_, index) => index % loaders === part);
      const mySenders = Array.from({ length: senders }, (_, index) => index).filter((index) => index % loaders === part).length;
      const load = forkTs('bench/support/realtime-load.ts', {
        env: context.env,
        openFiles: mine.length + 4096,
        onMessage: (message) => {
          if (message.type === 'progress') progress(`${target} ${clients}: load ${part + 1}/${loaders}: ${message.connected} connected, ${message.ready} in the room`);
        },
      });
      loads.push(load);
      const start: LoadStart = {
        type: 'start',
        protocol: mode,
        ports: ready.map((server) => server.port),
        clients: mine.length,
        room: ready[0].room,
        identities: mine,
        senderCount: mySenders,
        rate: (context.rate * mySenders) / senders,
        warmupSeconds: context.warmup,
        seconds: context.seconds,
      };
      load.send(start);
    }
    let inRoom = 0;
    for (const load of loads) inRoom += (await load.next<{ type: string; ready: number }>('connected', 180_000)).ready;
    if (inRoom < clients) throw new BenchError(`${target}: only ${inRoom} of ${clients} clients got into the room.`);
    const after = await memory();
    progress(`${target} ${clients}: all in the room; ${context.rate} messages/s for ${context.warmup} s warm-up + ${context.seconds} s`);
    for (const load of loads) load.send({ type: 'go' });
    const results: LoadResult[] = [];
    for (const load of loads) results.push(await load.next<LoadResult>('result', (context.seconds + context.warmup + 60) * 1000));
    const deliveriesPerSecond = results.reduce((sum, result) => sum + result.deliveries / result.seconds, 0);
    const latencies = Float64Array.from(results.flatMap((result) => result.latencies)).sort();
    const figures: RunFigures = {
      target,
      clients,
      deliveries_per_s: round(deliveriesPerSecond, 0),
      expected_per_s: Math.round(context.rate * clients),
      p50_ms: round(percentile(latencies, 0.5), 1),
      p99_ms: round(percentile(latencies, 0.99), 1),
      kb_per_conn: round((after.js - before.js) / clients / 1024, 2),
      rss_kb_per_conn: round((after.rss - before.rss) / clients / 1024, 2),
      refused: results.reduce((sum, result) => sum + result.refused, 0),
      dropped: results.reduce((sum, result) => sum + result.dropped, 0),
    };
    progress(
      `${target} ${clients}: ${figures.deliveries_per_s} deliveries/s of ${figures.expected_per_s} expected, p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, ` +
        `${figures.kb_per_conn} KB/conn (RSS ${figures.rss_kb_per_conn}), ${figures.refused} refused, ${figures.dropped} dropped`,
    );
    return figures;
  } finally {
    for (const load of loads) await load.stop();
    for (const server of servers) await server.stop();
  }
}

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const { sizes, seconds, rate, warmup, targets } = readFlags(args);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-realtime-'));
  const { DATABASE_URL, REDIS_URL, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    // Clients connect from this machine; a production server others can reach would need a real SMS sender.
    HOST: '127.0.0.1',
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'error',
    // Every gateway process must accept the same sigs.
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
  };
  progress(`realtime fan-out: ${sizes.join(', ')} clients, ${rate} messages/s, ${seconds} s each, ${[...targets].join(', ')} (open-files limit is raised for the children as needed)`);
  const runs: RunFigures[] = [];
  let redis: Awaited<ReturnType<typeof startRedis>>;
  try {
    for (const clients of sizes) {
      for (const target of (['gateway', 'ws', 'socketio'] as const).filter((name) => targets.has(name))) runs.push(await measure(target, clients, { env, seconds, rate, warmup }));
    }
    if (targets.has('gateway-redis-2')) {
      redis = await startRedis();
      if (redis) runs.push(await measure('gateway-redis-2', sizes[sizes.length - 1], { env, seconds, rate, warmup, redisUrl: redis.url }));
      else progress('redis-server is not installed: the two-process run over Redis is skipped');
    }
  } finally {
    redis?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const largest = sizes[sizes.length - 1];
  const at = (target: Target) => runs.find((entry) => entry.target === target && entry.clients === largest);
  const gateway = at('gateway');
  const ws = at('ws');
  const socketio = at('socketio');
  const twoProcesses = at('gateway-redis-2');
  const ratio = (value: number | undefined, base: number | undefined) => (value !== undefined && base !== undefined && base > 0 ? round(value / base, 2) : null);
  const baseline = (figures: RunFigures | undefined) =>
    figures
      ? { deliveries_per_s: figures.deliveries_per_s, p50_ms: figures.p50_ms, p99_ms: figures.p99_ms, kb_per_conn: figures.kb_per_conn, rss_kb_per_conn: figures.rss_kb_per_conn }
      : null;
  return {
    clients: largest,
    rate,
    seconds,
    deliveries_per_s: gateway?.deliveries_per_s ?? null,
    expected_deliveries_per_s: Math.round(rate * largest),
    p50_ms: gateway?.p50_ms ?? null,
    p99_ms: gateway?.p99_ms ?? null,
    kb_per_conn: gateway?.kb_per_conn ?? null,
    ratio_vs_socketio: ratio(gateway?.deliveries_per_s, socketio?.deliveries_per_s),
    ratio_vs_ws: ratio(gateway?.deliveries_per_s, ws?.deliveries_per_s),
    ws: baseline(ws),
    socketio: baseline(socketio),
    two_gateways_redis: twoProcesses
      ? { deliveries_per_s: twoProcesses.deliveries_per_s, p50_ms: twoProcesses.p50_ms, p99_ms: twoProcesses.p99_ms, ratio_vs_one_process: ratio(twoProcesses.deliveries_per_s, gateway?.deliveries_per_s) }
      : null,
    runs,
  };
}
