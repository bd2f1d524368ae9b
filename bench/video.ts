// What live video costs and how fast it is: the embedded media server on free ports with a real ffmpeg encoder
// pushing a test pattern with the wall clock burned in as blocks (support/clock-pattern.ts), and:
// (1) time from the encoder's start to the first video frame at an HTTP-FLV puller and to the first frame shown
//     in headless Chromium by mpegts.js (support/player-page.ts), over several runs;
// (2) glass-to-glass latency in Chromium for HTTP-FLV (mpegts.js) and HLS (hls.js, served by the product's
//     handler): the page reads the shown frame's clock about every 100 ms and subtracts it from its own;
// (3) the media server's CPU per viewer with 50 concurrent FLV pulls (pullers run in a child process, so the
//     figure is the server's alone; the browser is idle by then);
// (4) with a 1080p encoder and the whole ladder transcoded, a viewer joining each rendition: time to the first
//     frame shown in Chromium over FLV and over HLS (issue 18: the 480p rung once never showed one).
// `--media external` measures the same through nginx-rtmp (deploy/nginx-rtmp/sportcast-rtmp.conf on free ports, its
// hooks answered by the product's handlers in this process): HLS only, since nginx-rtmp offers no HTTP-FLV, so the
// FLV and CPU-per-FLV-viewer figures are null and the first frame is the first frame shown by hls.js.
import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { clockPatternArgs } from './support/clock-pattern';
import { BenchError, freePort, progress, round } from './support/harness';
import { openPlayerPage, type PlayerPage, type Samples } from './support/player-page';
import { nginxRtmpInstalled, startNginxRtmp, type NginxRtmp } from '@/tests/support/nginx-rtmp';

export const description = 'RTMP publish → first frame (FLV puller, Chromium), FLV/HLS glass-to-glass latency in Chromium, media-server CPU per viewer, first frame per rendition';

type Media = 'embedded' | 'external';
type Flags = { viewers: number; seconds: number; runs: number; latencySeconds: number; browser: boolean; media: Media };

function readFlags(args: string[]): Flags {
  let values;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        viewers: { type: 'string', default: '50' },
        seconds: { type: 'string', default: '10' },
        runs: { type: 'string', default: '5' },
        'latency-seconds': { type: 'string', default: '15' },
        'no-browser': { type: 'boolean', default: false },
        media: { type: 'string', default: 'embedded' },
      },
      strict: true,
    }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench -- video [--viewers 50] [--seconds 10] [--runs 5] [--latency-seconds 15] [--no-browser] [--media embedded|external]`);
  }
  const viewers = Number(values.viewers);
  const seconds = Number(values.seconds);
  const runs = Number(values.runs);
  const latencySeconds = Number(values['latency-seconds']);
  if (!Number.isInteger(viewers) || viewers < 1 || viewers > 500) throw new BenchError('--viewers must be a whole number from 1 to 500.');
  if (!Number.isInteger(seconds) || seconds < 3 || seconds > 120) throw new BenchError('--seconds must be a whole number from 3 to 120.');
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new BenchError('--runs must be a whole number from 1 to 20.');
  if (!Number.isInteger(latencySeconds) || latencySeconds < 3 || latencySeconds > 120) throw new BenchError('--latency-seconds must be a whole number from 3 to 120.');
  const media = values.media;
  if (media !== 'embedded' && media !== 'external') throw new BenchError('--media must be embedded or external.');
  return { viewers, seconds, runs, latencySeconds, browser: !values['no-browser'], media };
}

/** Pulls `count` FLV streams for `seconds` and prints the bytes received; plain Node, no TypeScript. */
const pullerSource = `
const http = require('node:http');
const [url, count, seconds] = [process.env.URL, Number(process.env.COUNT), Number(process.env.SECONDS)];
let bytes = 0, open = 0;
const agent = new http.Agent({ keepAlive: false, maxSockets: count });
for (let i = 0; i < count; i += 1) {
  http.get(url, { agent }, (res) => { open += 1; res.on('data', (chunk) => { bytes += chunk.length; }); }).on('error', () => {});
}
setTimeout(() => { process.stdout.write(JSON.stringify({ bytes, open }) + '\\n'); process.exit(0); }, seconds * 1000);
`;

const pullerReport = z.object({ bytes: z.number(), open: z.number() });

function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks `read` every `everyMs` until it answers something, or `timeoutMs` passed (then undefined). */
async function until<T>(read: () => Promise<T | undefined>, timeoutMs: number, everyMs: number): Promise<T | undefined> {
  for (const deadline = performance.now() + timeoutMs; performance.now() < deadline; await sleep(everyMs)) {
    const value = await read();
    if (value !== undefined) return value;
  }
  return undefined;
}

/** Glass-to-glass latency: play from scratch, let the player settle, then read the shown frame's clock. */
async function measureLatency(player: PlayerPage, engine: 'flv' | 'hls', url: string, seconds: number): Promise<Samples | undefined> {
  // HLS needs a couple of segments on disk before it plays; a 404 playlist is retried like a refused FLV pull.
  const shown = await player.firstFrame(engine, url, 30_000, engine === 'hls' ? 500 : 100);
  if (shown === undefined) {
    progress(`${engine}: no frame in Chromium within 30 s`);
    return undefined;
  }
  // mpegts.js chases the live edge and hls.js seeks to its sync point in the first seconds; steady state is what a viewer lives with.
  await sleep(3000);
  const samples = await player.sample(seconds);
  const summary = samples.ages.length ? `p50 ${percentile(samples.ages, 50)} ms, p90 ${percentile(samples.ages, 90)} ms` : 'no readable frame';
  progress(`${engine} glass-to-glass over ${seconds} s: ${summary} (${samples.ages.length} readings, ${samples.unreadable} unreadable, ${samples.dropped} frames dropped)`);
  return samples;
}

/** Median time for a viewer joining each rendition of the live to its first frame shown in Chromium; null: never. */
async function firstFrameByRendition(
  player: PlayerPage,
  engine: 'flv' | 'hls',
  addresses: { label: string; url: string }[],
  joins: number,
): Promise<Record<string, number | null>> {
  const figures: Record<string, number | null> = {};
  for (const { label, url } of addresses) {
    const times: number[] = [];
    for (let join = 0; join < joins; join += 1) {
      const started = Date.now();
      const shown = await player.firstFrame(engine, url, 20_000, 500);
      if (shown !== undefined) times.push(shown - started);
    }
    await player.stopPlaying();
    figures[label] = times.length === joins ? Math.round(median(times)) : null;
    progress(`${label} over ${engine}: ${times.length ? `first frame ${times.map(Math.round).join(', ')} ms` : 'no frame'}${times.length < joins ? ` (${joins - times.length} of ${joins} joins showed nothing in 20 s)` : ''}`);
  }
  return figures;
}

const latencyFigures = (samples: Samples | undefined) =>
  samples?.ages.length ? { p50: percentile(samples.ages, 50), p90: percentile(samples.ages, 90), n: samples.ages.length } : { p50: null, p90: null, n: 0 };

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const flags = readFlags(args);
  return { media: flags.media, ...(flags.media === 'external' ? await runExternal(flags) : await runEmbedded(flags)) };
}

async function runEmbedded(flags: Flags): Promise<Record<string, unknown>> {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const noBrowser = (reason: string) => ({
    first_frame_ms: null,
    flv_latency_p50_ms: null,
    hls_latency_p50_ms: null,
    first_frame_ms_by_rendition: null,
    hls_first_frame_ms_by_rendition: null,
    browser_figures: reason,
  });

  // A database and data folder of its own, so the bench never touches ./data or a running server.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sportcast-bench-video-'));
  Object.assign(process.env, { DATABASE_URL: 'memory://', DATA_DIR: dataDir, SEED_DEMO: 'off', LOG_LEVEL: 'warn', MEDIA_RECORD: 'off' });
  const { findFfmpeg, runFfmpeg } = await import('@/lib/server/media/ffmpeg');
  const { hlsSegmentSeconds } = await import('@/lib/server/media/pipeline');
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) {
    progress('ffmpeg not found (run `sudo bash scripts/ensure-ffmpeg.sh`): nothing to push, nothing measured');
    return { ...noBrowser('no ffmpeg'), hls_segment_s: hlsSegmentSeconds, publish_to_first_flv_frame_ms: null, cpu_per_viewer_pct: null, ffmpeg: 'missing' };
  }

  const { getDb, closeDatabase } = await import('@/lib/db');
  const { runSeeds } = await import('@/lib/server/seed/run-seeds');
  const { getEnv } = await import('@/lib/env');
  const { users } = await import('@/lib/db/schema');
  const { getBus, closeBus } = await import('@/lib/realtime/bus');
  const { openLive } = await import('@/lib/server/live/lives');
  const { finishLive, findOpenLiveByStream } = await import('@/lib/server/live-state/state');
  const { isRendition, qualityLabel, renditionStream } = await import('@/lib/server/media/renditions');
  const { createEmbeddedMediaServer } = await import('@/lib/server/media/embedded');
  const { testPatternArgs } = await import('@/lib/server/media/demo-streams');
  const { hlsResponse } = await import('@/lib/server/media/hls-files');
  const { probeFlv } = await import('@/lib/server/media/flv-reader');
  const { anchorSecretFor } = await import('@/lib/server/media/signing');
  const { currentStreamKey } = await import('@/lib/server/media/stream-keys');

  progress(`opening a scratch database in ${dataDir}`);
  const db = await getDb();
  await runSeeds(db, { demo: false });
  const [rtmpPort, httpPort] = [await freePort(), await freePort()];
  // Transcoding as the product does by default; the ladder's ffmpeg runs in a child, outside the CPU figure of (3).
  const server = createEmbeddedMediaServer({ env: getEnv(), db, bus: getBus(), ffmpeg, bind: '127.0.0.1', node: 'bench', rtmpPort, httpPort, dataDir, transcode: true, record: false });
  await server.start();
  if (server.health() !== 'ok') throw new BenchError(`The media server did not start: ${server.health()}`);
  progress(`media server on rtmp ${rtmpPort}, http ${httpPort}; ${ffmpeg.version}`);

  const [anchor] = await db.insert(users).values({ mobile: '13690000001', nickName: 'Bench Anchor', role: 'anchor', brandId: 'sportcast' }).returning();
  const stream = (await currentStreamKey(db, anchor.id)).stream;
  const flvUrlOf = (name: string) => `http://127.0.0.1:${httpPort}/live/${name}.flv`;
  const flvUrl = flvUrlOf(stream);
  const target = `rtmp://127.0.0.1:${rtmpPort}/live/${stream}?key=${anchorSecretFor(stream)}`;

  let pusher: { stop(): Promise<void> } | undefined;
  let player: PlayerPage | undefined;
  let skipped = '';
  try {
    if (!flags.browser) skipped = 'skipped (--no-browser)';
    else if (!fs.existsSync(chromiumPath)) skipped = `no Chromium at ${chromiumPath} (set CHROMIUM_PATH)`;
    else {
      player = await openPlayerPage(chromiumPath, (url, name, rendition, file) => hlsResponse(db, url, name, rendition, file));
      progress(`Chromium ${player.version} ready`);
    }
    if (skipped) progress(`browser figures: ${skipped}`);

    // (1) Encoder start → first video frame at a puller and in Chromium, several times (each run a fresh live).
    const firstFrames: number[] = [];
    const browserFrames: number[] = [];
    let live: Awaited<ReturnType<typeof openLive>> | undefined;
    for (let attempt = 0; attempt < flags.runs; attempt += 1) {
      live = await openLive(db, anchor.id, { title: 'bench', categoryId: 2, childCategoryId: 201, matchId: 0, cover: '', coverVertical: '', ticket: 0, enableWebrtc: false });
      // The page is already asking for the stream (refused until the publish is accepted), like a viewer waiting in the room.
      const startedEpoch = Date.now();
      const inBrowser = player?.firstFrame('flv', flvUrl, 20_000, 100);
      const started = performance.now();
      pusher = runFfmpeg(ffmpeg.path, clockPatternArgs(ffmpeg, target, testPatternArgs), 'bench pusher');
      let frameAt: number | undefined;
      while (frameAt === undefined && performance.now() - started < 15_000) {
        const probe = await probeFlv(flvUrl, 1000);
        if (probe.firstVideoTagMs !== undefined) frameAt = performance.now() - started;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (frameAt !== undefined) firstFrames.push(frameAt);
      const shownAt = await inBrowser;
      const browserMs = shownAt === undefined ? undefined : shownAt - startedEpoch;
      if (browserMs !== undefined) browserFrames.push(browserMs);
      const inChromium = player ? `, shown in Chromium ${browserMs === undefined ? 'never' : `${Math.round(browserMs)} ms`}` : '';
      progress(`run ${attempt + 1}: first FLV video frame ${frameAt === undefined ? 'never came' : `${Math.round(frameAt)} ms`} after the encoder started${inChromium}`);
      if (attempt < flags.runs - 1) {
        await pusher.stop();
        await finishLive(db, live.id, 'anchor');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    if (firstFrames.length === 0) throw new BenchError('No video frame ever reached a puller.');

    // (2) Glass-to-glass latency in Chromium, FLV then HLS, on the last run's stream; the browser stops before (3).
    let flv: Samples | undefined;
    let hls: Samples | undefined;
    if (player) {
      flv = await measureLatency(player, 'flv', flvUrl, flags.latencySeconds);
      hls = await measureLatency(player, 'hls', player.hlsUrl(stream, 'src'), flags.latencySeconds);
      await player.stopPlaying();
    }

    // (3) CPU of this process (the media server) idle with one publisher, then with N pullers in another process.
    const cpuOver = async (during: Promise<unknown>) => {
      const before = process.cpuUsage();
      const wall = performance.now();
      await during;
      const used = process.cpuUsage(before);
      return ((used.user + used.system) / 1000 / (performance.now() - wall)) * 100;
    };
    progress(`measuring the media server's CPU with the publisher alone for ${flags.seconds} s`);
    const idlePct = await cpuOver(new Promise((resolve) => setTimeout(resolve, flags.seconds * 1000)));
    progress(`measuring with ${flags.viewers} concurrent FLV pulls for ${flags.seconds} s`);
    const pullers = spawn(process.execPath, ['-e', pullerSource], { env: { ...process.env, URL: flvUrl, COUNT: String(flags.viewers), SECONDS: String(flags.seconds) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    pullers.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const pulled = new Promise<void>((resolve) => pullers.once('exit', () => resolve()));
    const loadedPct = await cpuOver(pulled);
    const parsed = pullerReport.safeParse(JSON.parse(output.trim() || '{}'));
    if (!parsed.success) throw new BenchError(`The pullers reported nothing usable: ${output}`);
    const { bytes, open } = parsed.data;
    const perViewerPct = (loadedPct - idlePct) / flags.viewers;
    const viewerKbps = (bytes * 8) / 1000 / flags.seconds / Math.max(open, 1);
    progress(`CPU ${round(idlePct, 2)} % of a core idle, ${round(loadedPct, 2)} % with ${open} of ${flags.viewers} viewers pulling ${round(viewerKbps, 0)} kbit/s each`);
    // (4) A new live from a 1080p encoder: the source and every rung below it, each joined by a fresh player.
    let byRendition: { flv: Record<string, number | null>; hls: Record<string, number | null> } | undefined;
    if (player && live) {
      await pusher?.stop();
      await finishLive(db, live.id, 'anchor');
      // Another anchor's stream: nothing of the last live's pipeline or player sessions can answer for this one.
      const [ladderAnchor] = await db.insert(users).values({ mobile: '13690000002', nickName: 'Bench Ladder Anchor', role: 'anchor', brandId: 'sportcast' }).returning();
      const ladderStream = (await currentStreamKey(db, ladderAnchor.id)).stream;
      await openLive(db, ladderAnchor.id, { title: 'bench ladder', categoryId: 2, childCategoryId: 201, matchId: 0, cover: '', coverVertical: '', ticket: 0, enableWebrtc: false });
      const ladderTarget = `rtmp://127.0.0.1:${rtmpPort}/live/${ladderStream}?key=${anchorSecretFor(ladderStream)}`;
      pusher = runFfmpeg(ffmpeg.path, testPatternArgs(ffmpeg, ladderTarget, { size: '1920x1080' }), 'bench ladder pusher');
      const ladder = await until(async () => {
        const open = await findOpenLiveByStream(db, ladderStream);
        return open?.status === 'live' && open.renditions.length > 1 ? open : undefined;
      }, 30_000, 200);
      if (!ladder) throw new BenchError('The 1080p live never went on air with its ladder.');
      const renditions = ladder.renditions.filter(isRendition);
      const hlsUrl = player.hlsUrl;
      // Joins start once every rung has a few HLS segments, as a viewer arriving in a running live would find it.
      const segments = async (rendition: string) => ((await (await hlsResponse(db, new URL(hlsUrl(ladderStream, rendition)), ladderStream, rendition, 'index.m3u8')).text()).match(/\.ts$/gm) ?? []).length;
      await until(async () => ((await Promise.all(renditions.map(segments))).every((count) => count >= 3) ? true : undefined), 60_000, 500);
      const addresses = (engine: 'flv' | 'hls') =>
        renditions.map((rendition) => ({ label: qualityLabel(rendition, ladder.sourceHeight), url: engine === 'flv' ? flvUrlOf(renditionStream(ladderStream, rendition)) : hlsUrl(ladderStream, rendition) }));
      progress(`live ${ladder.id} from a ${ladder.sourceHeight}p encoder offers ${addresses('flv').map((item) => item.label).join(', ')}: ${flags.runs} joins each`);
      byRendition = { flv: await firstFrameByRendition(player, 'flv', addresses('flv'), flags.runs), hls: await firstFrameByRendition(player, 'hls', addresses('hls'), flags.runs) };
    }

    const flvLatency = latencyFigures(flv);
    const hlsLatency = latencyFigures(hls);
    const browserFigures = player
      ? {
          first_frame_ms: browserFrames.length ? Math.round(median(browserFrames)) : null,
          first_frame_max_ms: browserFrames.length ? Math.round(Math.max(...browserFrames)) : null,
          first_frame_engine: 'flv',
          flv_latency_p50_ms: flvLatency.p50,
          flv_latency_p90_ms: flvLatency.p90,
          flv_latency_readings: flvLatency.n,
          hls_latency_p50_ms: hlsLatency.p50,
          hls_latency_p90_ms: hlsLatency.p90,
          hls_latency_readings: hlsLatency.n,
          latency_seconds: flags.latencySeconds,
          first_frame_ms_by_rendition: byRendition?.flv ?? null,
          hls_first_frame_ms_by_rendition: byRendition?.hls ?? null,
        }
      : noBrowser(skipped);
    return {
      ...browserFigures,
      hls_segment_s: hlsSegmentSeconds,
      publish_to_first_flv_frame_ms: Math.round(median(firstFrames)),
      publish_to_first_flv_frame_max_ms: Math.round(Math.max(...firstFrames)),
      runs: firstFrames.length,
      viewers: flags.viewers,
      viewers_connected: open,
      viewer_kbps: round(viewerKbps, 0),
      cpu_idle_pct: round(idlePct, 2),
      cpu_with_viewers_pct: round(loadedPct, 2),
      cpu_per_viewer_pct: round(perViewerPct, 3),
      cores: os.cpus().length,
    };
  } finally {
    await player?.close();
    await pusher?.stop();
    await server.stop();
    await closeBus();
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Serves the hooks nginx-rtmp calls with the product's handlers (the routes' own two lines), on a free port. */
async function startHookServer(port: number): Promise<http.Server> {
  const { getDb } = await import('@/lib/db');
  const { getEnv } = await import('@/lib/env');
  const hooks = await import('@/lib/server/media/hook-requests');
  const { replayRecorder } = await import('@/lib/server/replays/finalize');
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const url = `http://127.0.0.1:${port}${req.url ?? '/'}`;
        const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : Buffer.concat(chunks);
        const request = new Request(url, { method: req.method, headers: req.headers as Record<string, string>, body });
        const db = await getDb();
        const route = new URL(url).pathname;
        const answer =
          hooks.refuseHookCaller(request, getEnv()) ??
          (route === '/api/media/hooks/publish'
            ? await hooks.handlePublishHook(db, request)
            : route === '/api/media/hooks/play'
              ? await hooks.handlePlayHook(db, request)
              : route === '/api/media/hooks/hls'
                ? await hooks.handleHlsHook(db, request)
                : route === '/api/media/hooks/record'
                  ? await hooks.handleRecordDoneHook(db, request, replayRecorder)
                  : new Response('Not found', { status: 404 }));
        res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
      })().catch(() => res.writeHead(500).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

/**
 * The same measurements through nginx-rtmp: the encoder pushes to nginx, which asks our hooks, writes HLS of the
 * source and (through sportcast-ladder.sh) the rungs, and serves it; Chromium plays nginx's HLS with hls.js.
 */
async function runExternal(flags: Flags): Promise<Record<string, unknown>> {
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!nginxRtmpInstalled()) throw new BenchError('nginx with its RTMP module is not installed: run `sudo bash scripts/ensure-nginx-rtmp.sh`.');
  if (!flags.browser || !fs.existsSync(chromiumPath)) throw new BenchError(`--media external measures in Chromium only (nginx-rtmp has no HTTP-FLV for a puller): need ${chromiumPath}.`);
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sportcast-bench-video-external-'));
  const dataDir = path.join(workDir, 'data');
  const [rtmpPort, httpPort, hookPort] = [await freePort(), await freePort(), await freePort()];
  const hookSecret = `bench-${Date.now()}-external-media-hook-secret`;
  const hlsUrlOf = (name: string) => `http://127.0.0.1:${httpPort}/hls/${name}/index.m3u8`;
  Object.assign(process.env, {
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    SEED_DEMO: 'off',
    LOG_LEVEL: 'warn',
    MEDIA_SERVER: 'external',
    MEDIA_PUSH_URL_TEMPLATE: `rtmp://127.0.0.1:${rtmpPort}/live/{stream}?key={key}`,
    MEDIA_HLS_URL_TEMPLATE: hlsUrlOf('{stream}'),
    MEDIA_HOOK_SECRET: hookSecret,
  });
  const { findFfmpeg, runFfmpeg } = await import('@/lib/server/media/ffmpeg');
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new BenchError('ffmpeg not found (run `sudo bash scripts/ensure-ffmpeg.sh`): nothing to push.');
  const { getDb, closeDatabase } = await import('@/lib/db');
  const { runSeeds } = await import('@/lib/server/seed/run-seeds');
  const { users } = await import('@/lib/db/schema');
  const { closeBus } = await import('@/lib/realtime/bus');
  const { openLive } = await import('@/lib/server/live/lives');
  const { finishLive, findOpenLiveByStream } = await import('@/lib/server/live-state/state');
  const { isRendition, qualityLabel, renditionStream } = await import('@/lib/server/media/renditions');
  const { testPatternArgs } = await import('@/lib/server/media/demo-streams');
  const { anchorSecretFor } = await import('@/lib/server/media/signing');
  const { currentStreamKey } = await import('@/lib/server/media/stream-keys');

  progress(`opening a scratch database in ${dataDir}`);
  const db = await getDb();
  await runSeeds(db, { demo: false });
  const hookServer = await startHookServer(hookPort);
  let nginx: NginxRtmp | undefined;
  let pusher: { stop(): Promise<void> } | undefined;
  let player: PlayerPage | undefined;
  let anchors = 0;
  /** A new anchor each time: nginx's HLS of one stream name never answers for the next live. */
  const newAnchorLive = async (title: string) => {
    anchors += 1;
    const [anchor] = await db.insert(users).values({ mobile: `136910${String(anchors).padStart(5, '0')}`, nickName: `Bench External ${anchors}`, role: 'anchor', brandId: 'sportcast' }).returning();
    const stream = (await currentStreamKey(db, anchor.id)).stream;
    const live = await openLive(db, anchor.id, { title, categoryId: 2, childCategoryId: 201, matchId: 0, cover: '', coverVertical: '', ticket: 0, enableWebrtc: false });
    return { stream, live, target: `rtmp://127.0.0.1:${rtmpPort}/live/${stream}?key=${anchorSecretFor(stream)}` };
  };
  try {
    nginx = await startNginxRtmp({ dir: path.join(workDir, 'nginx'), rtmpPort, httpPort, site: `http://127.0.0.1:${hookPort}`, hookSecret });
    progress(`nginx-rtmp on rtmp ${rtmpPort}, http ${httpPort}; hooks on ${hookPort}; ${ffmpeg.version}`);
    // Segments come from nginx, not the product's handler: the page's own HLS route is never asked.
    player = await openPlayerPage(chromiumPath, () => Promise.resolve(new Response('Not found', { status: 404 })));
    progress(`Chromium ${player.version} ready`);

    // (1) Encoder start → first frame shown by hls.js, each run a fresh live, the page already asking.
    const browserFrames: number[] = [];
    let last: Awaited<ReturnType<typeof newAnchorLive>> | undefined;
    for (let attempt = 0; attempt < flags.runs; attempt += 1) {
      last = await newAnchorLive('bench external');
      const startedEpoch = Date.now();
      const inBrowser = player.firstFrame('hls', hlsUrlOf(last.stream), 30_000, 100);
      pusher = runFfmpeg(ffmpeg.path, clockPatternArgs(ffmpeg, last.target, testPatternArgs), 'bench pusher');
      const shownAt = await inBrowser;
      if (shownAt !== undefined) browserFrames.push(shownAt - startedEpoch);
      progress(`run ${attempt + 1}: shown in Chromium over HLS ${shownAt === undefined ? 'never' : `${Math.round(shownAt - startedEpoch)} ms`} after the encoder started`);
      if (attempt < flags.runs - 1) {
        await pusher.stop();
        await finishLive(db, last.live.id, 'anchor');
      }
    }
    if (browserFrames.length === 0 || !last) throw new BenchError(`No frame was ever shown from nginx's HLS.\n${nginx.errorLog()}`);

    // (2) Glass-to-glass over HLS on the last run's stream.
    const hls = await measureLatency(player, 'hls', hlsUrlOf(last.stream), flags.latencySeconds);
    await player.stopPlaying();
    await pusher?.stop();
    await finishLive(db, last.live.id, 'anchor');

    // (4) A 1080p encoder: nginx's ladder makes 720p and 480p; a fresh player joins each rendition.
    const ladderLive = await newAnchorLive('bench external ladder');
    pusher = runFfmpeg(ffmpeg.path, testPatternArgs(ffmpeg, ladderLive.target, { size: '1920x1080' }), 'bench ladder pusher');
    const ladder = await until(async () => {
      const open = await findOpenLiveByStream(db, ladderLive.stream);
      return open?.status === 'live' && open.renditions.length > 2 ? open : undefined;
    }, 60_000, 200);
    if (!ladder) throw new BenchError(`The 1080p live never offered its ladder through nginx.\n${nginx.errorLog()}`);
    const renditions = ladder.renditions.filter(isRendition);
    const segments = async (rendition: string) => {
      const reply = await fetch(hlsUrlOf(renditionStream(ladderLive.stream, rendition as 'src')), { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
      return reply?.ok ? ((await reply.text()).match(/\.ts\??/g) ?? []).length : 0;
    };
    await until(async () => ((await Promise.all(renditions.map(segments))).every((count) => count >= 3) ? true : undefined), 60_000, 500);
    const addresses = renditions.map((rendition) => ({ label: qualityLabel(rendition, ladder.sourceHeight), url: hlsUrlOf(renditionStream(ladderLive.stream, rendition)) }));
    progress(`live ${ladder.id} from a ${ladder.sourceHeight}p encoder offers ${addresses.map((item) => item.label).join(', ')}: ${flags.runs} joins each`);
    const hlsByRendition = await firstFrameByRendition(player, 'hls', addresses, flags.runs);

    const hlsLatency = latencyFigures(hls);
    return {
      first_frame_ms: Math.round(median(browserFrames)),
      first_frame_max_ms: Math.round(Math.max(...browserFrames)),
      first_frame_engine: 'hls',
      flv_latency_p50_ms: null,
      flv_latency_p90_ms: null,
      flv_latency_readings: 0,
      hls_latency_p50_ms: hlsLatency.p50,
      hls_latency_p90_ms: hlsLatency.p90,
      hls_latency_readings: hlsLatency.n,
      latency_seconds: flags.latencySeconds,
      first_frame_ms_by_rendition: null,
      hls_first_frame_ms_by_rendition: hlsByRendition,
      hls_segment_s: 2,
      publish_to_first_flv_frame_ms: null,
      publish_to_first_flv_frame_max_ms: null,
      runs: browserFrames.length,
      viewers: flags.viewers,
      viewers_connected: 0,
      viewer_kbps: null,
      cpu_idle_pct: null,
      cpu_with_viewers_pct: null,
      cpu_per_viewer_pct: null,
      cores: os.cpus().length,
    };
  } finally {
    await player?.close();
    await pusher?.stop();
    await nginx?.stop();
    await new Promise((resolve) => hookServer.close(resolve));
    await closeBus();
    await closeDatabase();
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}
