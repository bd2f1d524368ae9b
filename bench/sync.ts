// Chat in step with each viewer's video (issue 27, docs/video-sync.md): how far a released line is from the picture
// it belongs to. The product runs with every role (built, on free ports, no demo streams); Coach Li pushes the test
// pattern with the wall clock burned in (support/clock-pattern.ts) and says a line every 500 ms over the realtime
// socket, without a picture moment, so each line belongs to its send_time. A viewer in headless Chromium opens his
// room with one engine allowed (the other's requests refused); the page's probe (`window.__videoSyncRelease`, called by
// the room's gate right after it hands a message over) reads the clock of the frame on screen at that moment.
// skew = that frame's clock − the line's send_time: 0 is perfect, negative means the line came before its picture.
// Each engine is watched with "Chat follows your video" on and off (as it happens: the baseline); HLS once more with a
// buffer 6 s deeper, made by pausing the picture (hls.js does not chase the live edge; mpegts.js does, so FLV has
// one depth). Latency is the age of the frame on screen (now − its clock) at the releases.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import WebSocket from 'ws';
import { z } from 'zod';
import type { ClientFrameInput } from '@/lib/realtime/protocol';
import { liveRoomKey } from '@/lib/validation/chat';
import { roomInfoReply } from '@/lib/validation/live';
import { clockPatternArgs, clockReaderScript, frameClockMinus } from './support/clock-pattern';
import { BenchError, freePort, progress, type Child } from './support/harness';
import { productServer, requireBuild } from './support/pages-bench';
import { post, signInDemoAnchor, waitUntilLive } from './support/room-bench';
import { chatLine } from './support/room-chat-lines';

export const description =
  'Chat in step with the video (issue 27): skew (frame on screen − line\'s moment) when a line is shown in the room, FLV and HLS, sync on and as it happens; p50 signed, p99 of |skew|';

const root = path.resolve(__dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const usage = 'Usage: npm run bench -- sync [--seconds 30]';

/** How often the anchor speaks. */
const lineEveryMs = 500;
/** After the picture first reads: mpegts.js chases the live edge and hls.js seeks to its sync point in the first seconds. */
const settleMs = 6_000;
/** How much deeper the deep HLS buffer is: the picture is paused this long while hls.js keeps loading. */
const deepPauseMs = 6_000;
const flvRequests = /\.flv(\?|$)/;
const hlsRequests = /\/api\/media\/hls\//;

function readSeconds(args: string[]): number {
  let values;
  try {
    ({ values } = parseArgs({ args, options: { seconds: { type: 'string', default: '30' } }, strict: true }));
  } catch (error) {
    throw new BenchError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
  const seconds = Number(values.seconds);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 300) throw new BenchError('--seconds must be a whole number from 10 to 300.');
  return seconds;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);
}

/** The anchor's push address with a live open, as the anchor's app asks for it (tests/e2e/support/live-viewing.ts). */
async function openLivePushUrl(origin: string, credential: string): Promise<string> {
  const status = await post(`${origin}/api/user/checkAnchorStatus`, {}, z.object({ is_live: z.number() }), credential);
  if (status.is_live !== 1) await post(`${origin}/webapi/live/startLive`, { title: 'sync bench', category: 2, cateid: 201 }, z.unknown(), credential);
  const { push_url: pushUrl } = await post(`${origin}/webapi/live/getStreamInfo`, {}, z.object({ push_url: z.string() }), credential);
  // The loopback address: "localhost" may resolve to ::1 first.
  return pushUrl.replace('://localhost:', '://127.0.0.1:');
}

/** Until the room's HLS playlist lists a few segments: an HLS viewer would otherwise fail over to nothing. */
async function waitForHlsSegments(origin: string, anchorId: number, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await sleep(1000)) {
    const info = await post(`${origin}/api/live/getRoomInfo`, { anchor_id: anchorId }, roomInfoReply);
    if (!info.play.hls) continue;
    const playlist = await fetch(new URL(info.play.hls, origin)).then((reply) => (reply.ok ? reply.text() : ''), () => '');
    if ((playlist.match(/\.ts/g) ?? []).length >= 3) return;
  }
  throw new BenchError(`The room's HLS playlist had no 3 segments within ${timeoutMs / 1000} s.`);
}

const serverFrame = z.object({ type: z.string(), msg: z.string().optional() });
const sayReply = z.object({ status: z.number(), msg: z.string(), message: z.object({ send_time: z.number() }).optional() });

type Speaker = {
  /** send_time of every line the room accepted: the moments the viewer's releases are matched with. */
  sendTimes: Set<number>;
  refused: () => number;
  stop: () => void;
};

/** The anchor in his room over the realtime socket, in the browser's protocol (room-chat-load.ts), saying a new line every `everyMs`. */
async function startSpeaker(port: number, anchorId: number, credential: string, everyMs: number): Promise<Speaker> {
  const room = liveRoomKey(anchorId);
  const socket = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { host: `localhost:${port}` }, perMessageDeflate: false });
  const sendTimes = new Set<number>();
  let refused = 0;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchError('The anchor\'s socket was not in the room within 15 s.')), 15_000);
    socket.on('error', (error) => reject(new BenchError(`The anchor's socket failed: ${error.message}`)));
    socket.on('message', (data: Buffer) => {
      const json: unknown = JSON.parse(data.toString());
      const frame = serverFrame.parse(json);
      if (frame.type === 'hello') socket.send(JSON.stringify({ type: 'auth', token: credential, device_id: 'bench-sync-anchor' } satisfies ClientFrameInput));
      else if (frame.type === 'authed') socket.send(JSON.stringify({ type: 'join', groupId: room } satisfies ClientFrameInput));
      else if (frame.type === 'joined') {
        clearTimeout(timer);
        resolve();
      } else if (frame.type === 'error') reject(new BenchError(`The anchor's socket was refused: ${frame.msg}`));
      else if (frame.type === 'sayRep') {
        const reply = sayReply.parse(json);
        if (reply.status === 0 && reply.message) return void sendTimes.add(reply.message.send_time);
        refused += 1;
        if (refused === 1) progress(`the room refused a line: ${reply.msg}`);
      }
    });
  });
  let count = 0;
  const timer = setInterval(() => {
    // Numbered: no two lines alike.
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'say', groupId: room, content: `${chatLine(count)} #${count}` } satisfies ClientFrameInput));
    count += 1;
  }, everyMs);
  return {
    sendTimes,
    refused: () => refused,
    stop() {
      clearInterval(timer);
      socket.terminate();
    },
  };
}

type Variant = { key: string; engine: 'flv' | 'hls'; sync: boolean; pauseMs: number };

const variants: Variant[] = [
  { key: 'flv', engine: 'flv', sync: true, pauseMs: 0 },
  { key: 'flv_asap', engine: 'flv', sync: false, pauseMs: 0 },
  { key: 'hls', engine: 'hls', sync: true, pauseMs: 0 },
  { key: 'hls_asap', engine: 'hls', sync: false, pauseMs: 0 },
  { key: 'hls_deep', engine: 'hls', sync: true, pauseMs: deepPauseMs },
];

/** Runs in the room page before its own scripts: the gate's probe, and the viewer's "Chat follows your video" choice. */
function probeScript(sync: boolean): string {
  return `
if (window === window.top) {
  ${clockReaderScript}
  const releases = [];
  window.__syncBench = { take: () => releases.splice(0), readClock: () => readVideoClock(document.querySelector('video')) };
  window.__videoSyncRelease = (at) => releases.push({ at, frameClock: readVideoClock(document.querySelector('video')), now: Date.now() });
  ${sync ? "localStorage.removeItem('video_sync_off');" : "localStorage.setItem('video_sync_off', '1');"}
}`;
}

const releaseReport = z.array(z.object({ at: z.number(), frameClock: z.number().nullable(), now: z.number() }));

type Watched = { skews: number[]; latencies: number[]; unreadable: number; otherReleases: number; linesSent: number };

/** A fresh viewer watching the room over one engine: the probe's readings of the anchor's lines over `seconds`. */
async function watch(browser: Browser, roomUrl: string, variant: Variant, seconds: number, speaker: Speaker): Promise<Watched> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US' });
  try {
    await context.addInitScript(probeScript(variant.sync));
    const page = await context.newPage();
    await page.route(variant.engine === 'flv' ? hlsRequests : flvRequests, (route) => route.abort());
    await page.goto(roomUrl, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const loaded = Date.now();
    // The switch renders on before the room's connection restores the viewer's choice from localStorage.
    const toggle = page.getByRole('button', { name: 'Chat follows your video' });
    let pressed: string | null = null;
    for (const deadline = Date.now() + 30_000; pressed !== String(variant.sync) && Date.now() < deadline; await sleep(250)) {
      pressed = (await toggle.count()) > 0 ? await toggle.first().getAttribute('aria-pressed') : null;
    }
    if (pressed === null) throw new BenchError('The room has no "Chat follows your video" switch: update bench/sync.ts to find it.');
    if (pressed !== String(variant.sync)) throw new BenchError(`The "Chat follows your video" switch stayed ${pressed === 'true' ? 'on' : 'off'} where the ${variant.key} viewer set it ${variant.sync ? 'on' : 'off'}.`);
    // Polled from here: the room's CSP refuses the string evaluation waitForFunction would do inside the page.
    let readable = false;
    for (const deadline = Date.now() + 60_000; !readable && Date.now() < deadline; await sleep(250)) readable = (await page.evaluate('window.__syncBench.readClock()')) !== null;
    if (!readable) {
      const video = await page.evaluate('(() => { const v = document.querySelector("video"); return v && `${v.videoWidth}×${v.videoHeight}, readyState ${v.readyState}, at ${v.currentTime} s`; })()');
      throw new BenchError(`The ${variant.key} viewer never showed a frame whose clock strip reads (60 s): its video is ${String(video ?? 'missing')}.`);
    }
    progress(`${variant.key}: the picture reads ${Date.now() - loaded} ms after the page loaded`);
    if (variant.pauseMs > 0) {
      await page.evaluate('document.querySelector("video").pause()');
      await sleep(variant.pauseMs);
      await page.evaluate('document.querySelector("video").play()');
    }
    await sleep(settleMs);
    await page.evaluate('window.__syncBench.take()');
    const sentBefore = speaker.sendTimes.size;
    await sleep(seconds * 1000);
    const releases = releaseReport.parse(await page.evaluate('window.__syncBench.take()'));
    const lines = releases.filter((release) => speaker.sendTimes.has(release.at));
    const read = lines.flatMap((line) => (line.frameClock === null ? [] : [{ ...line, frameClock: line.frameClock }]));
    return {
      skews: read.map((line) => frameClockMinus(line.frameClock, line.at)),
      latencies: read.map((line) => -frameClockMinus(line.frameClock, line.now)),
      unreadable: lines.length - read.length,
      otherReleases: releases.length - lines.length,
      linesSent: speaker.sendTimes.size - sentBefore,
    };
  } finally {
    await context.close();
  }
}

export async function run(args: string[]): Promise<Record<string, unknown>> {
  const seconds = readSeconds(args);
  const distDir = requireBuild(root);
  if (!fs.existsSync(chromiumPath)) throw new BenchError(`Chromium is missing at ${chromiumPath}. Run \`bash scripts/ensure-chromium.sh\` (or set CHROMIUM_PATH).`);
  const { findFfmpeg, runFfmpeg } = await import('@/lib/server/media/ffmpeg');
  const { testPatternArgs } = await import('@/lib/server/media/demo-streams');
  const ffmpeg = findFfmpeg();
  if (!ffmpeg) throw new BenchError('ffmpeg is missing: run `bash scripts/ensure-ffmpeg.sh` (as root), then run this benchmark again.');

  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sync-'));
  const children: Child[] = [];
  let pusher: { stop(): Promise<void> } | undefined;
  let speaker: Speaker | undefined;
  let browser: Browser | undefined;
  try {
    const [rtmpPort, mediaHttpPort] = [await freePort(), await freePort()];
    // No demo pushers: Coach Li's picture is the clock pattern, and the two cores go to the one stream measured.
    const server = await productServer(root, distDir, workDir, children, {
      label: 'sync server',
      roles: 'all',
      dataDirName: 'sync-data',
      env: { MEDIA_RTMP_PORT: String(rtmpPort), MEDIA_HTTP_PORT: String(mediaHttpPort), DEMO_STREAMS: 'off', MEDIA_RECORD: 'off' },
    });
    // localhost: Coach Li belongs to the brand served there.
    const origin = `http://localhost:${server.port}`;
    const anchor = await signInDemoAnchor({ origin, dataDir: server.dataDir });
    pusher = runFfmpeg(ffmpeg.path, clockPatternArgs(ffmpeg, await openLivePushUrl(origin, anchor.credential), testPatternArgs), 'sync clock pusher');
    await waitUntilLive(origin, anchor.id, 60_000);
    const roomUrl = `${origin}/liveMatchesTwo/${anchor.id}`;
    progress(`Coach Li's room ${roomUrl} plays the clock pattern; he says a line every ${lineEveryMs} ms`);
    speaker = await startSpeaker(server.port, anchor.id, anchor.credential, lineEveryMs);
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-gpu', '--disable-dev-shm-usage', '--mute-audio'],
    });

    const figures: Record<string, number | null> = {};
    for (const variant of variants) {
      if (variant.engine === 'hls') await waitForHlsSegments(origin, anchor.id, 60_000);
      const watched = await watch(browser, roomUrl, variant, seconds, speaker);
      const absolute = watched.skews.map(Math.abs);
      Object.assign(figures, {
        [`${variant.key}_skew_p50_ms`]: percentile(watched.skews, 50),
        [`${variant.key}_skew_p99_ms`]: percentile(absolute, 99),
        [`${variant.key}_skew_min_ms`]: watched.skews.length ? Math.min(...watched.skews) : null,
        [`${variant.key}_skew_max_ms`]: watched.skews.length ? Math.max(...watched.skews) : null,
        [`${variant.key}_latency_ms`]: percentile(watched.latencies, 50),
        [`${variant.key}_items`]: watched.skews.length,
      });
      progress(
        `${variant.key}: ${watched.skews.length} of ${watched.linesSent} lines measured (${watched.unreadable} on an unreadable frame, ${watched.otherReleases} other messages released); skew p50 ${figures[`${variant.key}_skew_p50_ms`]} ms, p99 |skew| ${figures[`${variant.key}_skew_p99_ms`]} ms, min ${figures[`${variant.key}_skew_min_ms`]}, max ${figures[`${variant.key}_skew_max_ms`]}; frame age ${figures[`${variant.key}_latency_ms`]} ms`,
      );
      if (watched.skews.length < watched.linesSent / 2) throw new BenchError(`The ${variant.key} viewer measured ${watched.skews.length} of the ${watched.linesSent} lines said while it watched: the figure would describe too few.`);
    }
    if (speaker.refused() > 0) progress(`the room refused ${speaker.refused()} of the anchor's lines`);
    return { ...figures, seconds, line_every_ms: lineEveryMs, deep_pause_ms: deepPauseMs };
  } finally {
    await browser?.close();
    speaker?.stop();
    await pusher?.stop();
    await Promise.all(children.map((child) => child.stop()));
    fs.rmSync(workDir, { recursive: true, force: true });
    progress('stopped the server and removed the temporary directory');
  }
}

