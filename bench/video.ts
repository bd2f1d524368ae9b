// What the server side of live video costs and how fast it is: the embedded media server on free ports with a
// real ffmpeg encoder, (1) time from the encoder's start to the first video frame at an HTTP-FLV puller, and
// (2) the media server's CPU per viewer with 50 concurrent FLV pulls (pullers run in a child process, so the
// figure is the server's alone). Browser figures (first frame in Chromium, glass-to-glass latency) come with
// the player and are reported as not measured.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { BenchError, freePort, progress, round } from './support/harness';

export const description = 'RTMP publish → first HTTP-FLV frame, and media-server CPU per viewer at 50 FLV pulls';

function readFlags(args: string[]): { viewers: number; seconds: number; runs: number } {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { viewers: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' }, runs: { type: 'string', default: '5' } }, strict: true }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\nUsage: npm run bench -- video [--viewers 50] [--seconds 10] [--runs 5]`);
  }
  const viewers = Number(values.viewers);
  const seconds = Number(values.seconds);
  const runs = Number(values.runs);
  if (!Number.isInteger(viewers) || viewers < 1 || viewers > 500) throw new BenchError('--viewers must be a whole number from 1 to 500.');
  if (!Number.isInteger(seconds) || seconds < 3 || seconds > 120) throw new BenchError('--seconds must be a whole number from 3 to 120.');
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new BenchError('--runs must be a whole number from 1 to 20.');
  return { viewers, seconds, runs };
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
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const flags = readFlags(args);
  const notMeasured = 'not measured yet: needs the browser player (mpegts.js / hls.js) in Chromium';
  const browser = { first_frame_ms: null, flv_latency_p50_ms: null, hls_latency_p50_ms: null, browser_figures: notMeasured };

  // A database and data folder of its own, so the bench never touches ./data or a running server.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sportcast-bench-video-'));
  Object.assign(process.env, { DATABASE_URL: 'memory://', DATA_DIR: dataDir, SEED_DEMO: 'off', LOG_LEVEL: 'warn', MEDIA_RECORD: 'off' });
  const { findFfmpeg, runFfmpeg } = await import('@/lib/server/media/ffmpeg');
  const { hlsSegmentSeconds } = await import('@/lib/server/media/pipeline');
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) {
    progress('ffmpeg not found (run `sudo bash scripts/ensure-ffmpeg.sh`): nothing to push, nothing measured');
    return { ...browser, hls_segment_s: hlsSegmentSeconds, publish_to_first_flv_frame_ms: null, cpu_per_viewer_pct: null, ffmpeg: 'missing' };
  }

  const { getDb, closeDatabase } = await import('@/lib/db');
  const { getEnv } = await import('@/lib/env');
  const { users } = await import('@/lib/db/schema');
  const { getBus, closeBus } = await import('@/lib/realtime/bus');
  const { openLive } = await import('@/lib/server/live/lives');
  const { finishLive } = await import('@/lib/server/live/state');
  const { createEmbeddedMediaServer } = await import('@/lib/server/media/embedded');
  const { testPatternArgs } = await import('@/lib/server/media/demo-streams');
  const { probeFlv } = await import('@/lib/server/media/flv-reader');
  const { anchorSecretFor } = await import('@/lib/server/media/signing');
  const { currentStreamKey } = await import('@/lib/server/media/stream-keys');

  progress(`opening a scratch database in ${dataDir}`);
  const db = await getDb();
  const [rtmpPort, httpPort] = [await freePort(), await freePort()];
  const server = createEmbeddedMediaServer({ env: getEnv(), db, bus: getBus(), ffmpeg, bind: '127.0.0.1', rtmpPort, httpPort, dataDir, transcode: false, record: false });
  await server.start();
  if (server.health() !== 'ok') throw new BenchError(`The media server did not start: ${server.health()}`);
  progress(`media server on rtmp ${rtmpPort}, http ${httpPort}; ${ffmpeg.version}`);

  const [anchor] = await db.insert(users).values({ mobile: '13690000001', nickName: 'Bench Anchor', role: 'anchor', brandId: 'sportcast' }).returning();
  const stream = (await currentStreamKey(db, anchor.id)).stream;
  const flvUrl = `http://127.0.0.1:${httpPort}/live/${stream}.flv`;
  const target = `rtmp://127.0.0.1:${rtmpPort}/live/${stream}?key=${anchorSecretFor(stream)}`;

  let pusher: { stop(): Promise<void> } | undefined;
  try {
    // (1) Encoder start → first video frame at a puller, several times (each run a fresh live).
    const firstFrames: number[] = [];
    for (let attempt = 0; attempt < flags.runs; attempt += 1) {
      const live = await openLive(db, anchor.id, { title: 'bench', categoryId: 2, childCategoryId: 201, matchId: 0, cover: '', coverVertical: '', ticket: 0, enableWebrtc: false });
      const started = performance.now();
      pusher = runFfmpeg(ffmpeg.path, testPatternArgs(ffmpeg, target), 'bench pusher');
      let frameAt: number | undefined;
      while (frameAt === undefined && performance.now() - started < 15_000) {
        const probe = await probeFlv(flvUrl, 1000);
        if (probe.firstVideoTagMs !== undefined) frameAt = performance.now() - started;
        else await new Promise((resolve) => setTimeout(resolve, 20));
      }
      if (frameAt !== undefined) firstFrames.push(frameAt);
      progress(`run ${attempt + 1}: first FLV video frame ${frameAt === undefined ? 'never came' : `${Math.round(frameAt)} ms`} after the encoder started`);
      if (attempt < flags.runs - 1) {
        await pusher.stop();
        await finishLive(db, live.id, 'anchor');
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    if (firstFrames.length === 0) throw new BenchError('No video frame ever reached a puller.');

    // (2) CPU of this process (the media server) idle with one publisher, then with N pullers in another process.
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
    progress(`browser figures: ${notMeasured}`);
    return {
      ...browser,
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
    await pusher?.stop();
    await server.stop();
    await closeBus();
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
