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
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { clockPatternArgs } from './support/clock-pattern';
import { BenchError, freePort, progress, round } from './support/harness';
import { openPlayerPage, type PlayerPage, type Samples } from './support/player-page';

export const description = 'RTMP publish → first frame (FLV puller, Chromium), FLV/HLS glass-to-glass latency in Chromium, media-server CPU per viewer, first frame per rendition';

type Flags = { viewers: number; seconds: number; runs: number; latencySeconds: number; browser: boolean };

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
      },
      strict: true,
    }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench -- video [--viewers 50] [--seconds 10] [--runs 5] [--latency-seconds 15] [--no-browser]`);
  }
  const viewers = Number(values.viewers);
  const seconds = Number(values.seconds);
  const runs = Number(values.runs);
  const latencySeconds = Number(values['latency-seconds']);
  if (!Number.isInteger(viewers) || viewers < 1 || viewers > 500) throw new BenchError('--viewers must be a whole number from 1 to 500.');
  if (!Number.isInteger(seconds) || seconds < 3 || seconds > 120) throw new BenchError('--seconds must be a whole number from 3 to 120.');
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new BenchError('--runs must be a whole number from 1 to 20.');
  if (!Number.isInteger(latencySeconds) || latencySeconds < 3 || latencySeconds > 120) throw new BenchError('--latency-seconds must be a whole number from 3 to 120.');
  return { viewers, seconds, runs, latencySeconds, browser: !values['no-browser'] };
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
