// One process: Next.js, the WebSocket gateway on /ws of the same port, the media server, and background jobs.
// ROLES (web,realtime,media,jobs) selects what this process runs.
// First: Next's request-scoped storage needs AsyncLocalStorage on globalThis before any of its modules loads, and
// the gateway and the replay files reach next/server (NextRequest) before next() would set it up.
import 'next/dist/server/node-environment-baseline';
import http from 'node:http';
import next from 'next';
import { EnvError, getEnv, hasRole, trustedProxyList } from '@/lib/env';
import { closeDatabase, getDatabase } from '@/lib/db';
import { closeBus, getBus } from '@/lib/realtime/bus';
import { createGateway } from '@/lib/realtime/gateway';
import { createChatApp } from '@/lib/server/chat/app';
import { giftFeedSender } from '@/lib/server/gifts/send';
import { isFanGroupMember } from '@/lib/server/fan-groups/fan-groups';
import { openQuizMessages } from '@/lib/server/quizzes/announce';
import { startJobs } from '@/lib/server/jobs';
import { startErrorCounting } from '@/lib/server/error-counts';
import { answerMetrics, createRequestTimer, isMetricsPath } from '@/lib/server/http/metrics-endpoint';
import { startMediaRole } from '@/lib/server/roles/media';
import { isLivenessProbe, liveness, readiness, type HealthReply } from '@/lib/server/health';
import { closeRateLimiterConnection, rateLimitStoreReady } from '@/lib/server/rate-limit';
import { closeRankingStore } from '@/lib/server/rankings';
import { opsSocketPath, startOpsSocket } from '@/lib/server/ops/socket';
import { runSeeds } from '@/lib/server/seed/run-seeds';
import { readBuildVersion } from '@/lib/build-version';
import { log } from '@/lib/server/log';
import { settleForwardedHeaders } from '@/lib/server/http/forwarded';
import { createShutdown, installProcessErrorHandlers } from '@/lib/server/shutdown';
import { withPageCache, type PageCachedHandler } from '@/lib/server/page-cache/handler';
import type { NodeHandler } from '@/lib/server/http/node-handler';
import { withSecurityHeaders } from '@/lib/server/security/response-headers';
import { nextTagPurge } from '@/lib/server/page-cache/purge-request';
import { startPageFreshness } from '@/lib/server/public-pages/freshness';

async function main() {
  const dev = process.argv.includes('--dev');
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  log.info('starting', { build: readBuildVersion(), variant: env.BUILD_VARIANT, env: env.NODE_ENV, roles: env.ROLES });

  const database = await getDatabase();
  const seeded = await runSeeds(database.db, { demo: env.SEED_DEMO });
  log.info('database ready', { kind: database.kind, seeded });
  const bus = getBus();
  // Every process adds its error lines to the console's "errors in the last hour" (lib/server/error-counts.ts).
  const stopErrorCounting = startErrorCounting(database.db);
  const gateway = hasRole('realtime') ? createGateway({ app: createChatApp({ bus, sendGift: giftFeedSender(bus), openQuizzes: openQuizMessages, isFanGroupMember }), bus }) : undefined;
  const stopJobs = hasRole('jobs') ? startJobs(database.db, bus, { postgresUrl: database.kind === 'postgres' ? env.DATABASE_URL : undefined }) : undefined;
  // RTMP in, HTTP-FLV out, ffmpeg pipelines and the demo streams (docs/live.md).
  const media = hasRole('media') ? await startMediaRole(database.db, bus) : undefined;
  // Only this process may open the embedded database, so operator commands come to it.
  const stopOpsSocket = database.kind === 'pglite' ? await startOpsSocket(opsSocketPath(env.dataDir), database.db) : undefined;

  let handle: NodeHandler | undefined;
  let nextUpgrade: ((req: http.IncomingMessage, socket: import('node:stream').Duplex, head: Buffer) => Promise<void>) | undefined;
  let pageCache: PageCachedHandler | undefined;
  if (hasRole('web')) {
    const app = next({ dev, hostname: 'localhost', port: env.PORT });
    await app.prepare();
    // Security headers and the script nonce on every response (docs/security.md); the micro-cache below keeps
    // them with each copy, which is safe as a shared copy's policy carries no nonce.
    handle = withSecurityHeaders(app.getRequestHandler(), {
      env,
      dev,
      // X-Forwarded-Proto survives settleForwardedHeaders only when a trusted proxy sent it.
      secure: (req) => String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim() === 'https',
    });
    if (dev) nextUpgrade = app.getUpgradeHandler();
    // Anonymous visitors of a public page share one render per second (lib/server/page-cache); not in
    // development, where a page must show an edit at once.
    else if (env.PAGE_CACHE_TTL_MS > 0) handle = pageCache = withPageCache(handle, { ttlMs: env.PAGE_CACHE_TTL_MS, maxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024 });
  }

  // Rate limits key on the client address: X-Forwarded-For becomes the one address the socket's peer and the
  // trusted proxies vouch for, so a client cannot choose its own (lib/server/http/forwarded.ts).
  const trustedProxies = trustedProxyList(env.TRUSTED_PROXIES);
  const timeRequest = createRequestTimer();
  const server = http.createServer((req, res) => {
    // Before the forwarding headers are settled: they say whether a proxy stands between (docs/operations.md).
    if (isMetricsPath(req.url)) return void answerMetrics(req, res, env.METRICS_TOKEN);
    timeRequest(req, res);
    settleForwardedHeaders(req, trustedProxies);
    if (handle) return void handle(req, res);
    // A process without the web role still answers health checks, liveness and readiness alike.
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/api/health' || url.pathname === '/api/health/live') {
      const answer = (reply: HealthReply) => res.writeHead(reply.httpStatus, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(reply.body));
      if (isLivenessProbe(url.pathname, url.searchParams)) answer(liveness());
      else void readiness().then(answer);
      return;
    }
    res.writeHead(404).end();
  });

  server.on('upgrade', (req, socket, head) => {
    settleForwardedHeaders(req, trustedProxies);
    const path = (req.url ?? '').split('?')[0];
    if (path === '/ws' && gateway) return gateway.handleUpgrade(req, socket, head);
    if (dev && nextUpgrade && path.startsWith('/_next/')) return void nextUpgrade(req, socket, head);
    socket.destroy();
  });

  // The first requests are counted with every other process's, not in this one's memory.
  await rateLimitStoreReady();
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  log.info('listening', { url: `http://localhost:${env.PORT}`, dev });

  // A live starting or ending, a new replay or a score purges the cached pages that show it, in this process
  // (lib/server/public-pages/freshness.ts): Next's caches through its own handler, then the micro-cache.
  const purgeNextTags = nextTagPurge(ownOrigin(server));
  const stopFreshness = handle
    ? await startPageFreshness(bus, async (tags) => {
        await purgeNextTags(tags);
        pageCache?.clear();
      })
    : undefined;

  const stop = createShutdown({
    server,
    background: [
      { name: 'page freshness', run: () => stopFreshness?.() },
      { name: 'jobs', run: () => stopJobs?.() },
      { name: 'media', run: () => media?.stop() },
      { name: 'ops socket', run: () => stopOpsSocket?.() },
      { name: 'gateway', run: () => gateway?.close() },
      { name: 'error counts', run: stopErrorCounting },
    ],
    connections: [
      { name: 'rate limiter', run: closeRateLimiterConnection },
      { name: 'rankings', run: closeRankingStore },
      { name: 'bus', run: closeBus },
      { name: 'database', run: closeDatabase },
    ],
    drainMs: env.SHUTDOWN_DRAIN_MS,
    deadlineMs: env.SHUTDOWN_TIMEOUT_MS,
    exit: (code) => process.exit(code),
  });
  installProcessErrorHandlers(stop);
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/** This server's own address, for requests it makes to itself (a wildcard bind is reached on loopback). */
function ownOrigin(server: http.Server): string {
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a port');
  const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
