// Headless Chromium playing a live with the product's engines (mpegts.js for HTTP-FLV, hls.js for HLS, loaded
// from node_modules with the player's settings, components/live/engine-settings.ts) in a page this module serves, which also
// serves HLS through the product's handler. The page reports when the first frame shows and, every 100 ms, the age
// of the shown frame read from the clock strip (clock-pattern.ts).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from '@playwright/test';
import { z } from 'zod';
import { flvPlayerSettings, hlsPlayerSettings } from '@/components/live/engine-settings';
import { clockLayout } from './clock-pattern';

export type Engine = 'flv' | 'hls';
export type HlsHandler = (url: URL, stream: string, rendition: string, file: string) => Promise<Response>;


/** The page's script: plain browser JavaScript, no build step. */
const pageScript = `
const L = ${JSON.stringify(clockLayout)};
const FLV = ${JSON.stringify(flvPlayerSettings)};
const HLS = ${JSON.stringify(hlsPlayerSettings)};
mpegts.LoggingControl.enableAll = false;
const video = document.getElementById('v');
const canvas = document.createElement('canvas');
canvas.width = L.width;
canvas.height = L.stripHeight;
const ctx = canvas.getContext('2d', { willReadFrequently: true });
let current = null;
let generation = 0;

function stop() {
  generation += 1;
  if (current) current.destroy();
  current = null;
}

function attach(engine, url, fail) {
  if (engine === 'flv') {
    const player = mpegts.createPlayer({ type: 'flv', isLive: true, url }, FLV);
    player.on(mpegts.Events.ERROR, fail);
    player.on(mpegts.Events.LOADING_COMPLETE, fail);
    player.attachMediaElement(video);
    player.load();
    return { destroy() { player.unload(); player.detachMediaElement(); player.destroy(); } };
  }
  const hls = new Hls(HLS);
  hls.on(Hls.Events.ERROR, (_event, data) => { if (data.fatal) fail(); });
  hls.loadSource(url);
  hls.attachMedia(video);
  return { destroy() { hls.destroy(); } };
}

// The clock of the shown frame (ms mod 2^32), or null when the strip does not read cleanly.
function decode() {
  if (video.readyState < 2 || video.videoWidth !== L.width) return null;
  ctx.drawImage(video, 0, L.stripTop, L.width, L.stripHeight, 0, 0, L.width, L.stripHeight);
  const px = ctx.getImageData(0, 0, L.width, L.stripHeight).data;
  const level = (block) => {
    const x0 = L.left + block * L.pitch + L.blockWidth / 2 - 4;
    const y0 = L.blockTop - L.stripTop + L.blockHeight / 2 - 4;
    let sum = 0;
    for (let y = y0; y < y0 + 8; y += 1) for (let x = x0; x < x0 + 8; x += 1) { const o = (y * L.width + x) * 4; sum += px[o] + px[o + 1] + px[o + 2]; }
    return sum / 192;
  };
  if (level(L.bits) < 176) return null;
  let code = 0;
  for (let bit = 0; bit < L.bits; bit += 1) {
    const value = level(bit);
    // Grey means a blended or half-decoded frame: no reading rather than a wrong one.
    if (value > 80 && value < 176) return null;
    if (value >= 128) code += 2 ** bit;
  }
  return code;
}

window.bench = {
  // Plays url from scratch and resolves with Date.now() when the first frame is shown (null on timeout); while the
  // stream is not up yet it tries again every retryMs, as a player waiting for the anchor would.
  firstFrame(engine, url, timeoutMs, retryMs) {
    stop();
    const mine = generation;
    return new Promise((resolve) => {
      let done = false;
      let retry;
      const finish = (at) => { if (done) return; done = true; clearTimeout(retry); clearTimeout(timer); resolve(at); };
      const timer = setTimeout(() => finish(null), timeoutMs);
      const shown = () => finish(Date.now());
      const start = () => {
        if (done || generation !== mine) return;
        if (current) current.destroy();
        let failed = false;
        current = attach(engine, url, () => { if (failed || done) return; failed = true; retry = setTimeout(start, retryMs); });
        if ('requestVideoFrameCallback' in video) video.requestVideoFrameCallback(shown);
        else video.addEventListener('playing', shown, { once: true });
        video.play().catch(() => undefined);
      };
      start();
    });
  },
  // Reads the shown frame's clock about every 100 ms for the given time: ages in ms, unreadable samples, dropped frames.
  sample(seconds) {
    return new Promise((resolve) => {
      const ages = [];
      let unreadable = 0;
      const m = 2 ** 32;
      const dropped = () => (video.getVideoPlaybackQuality ? video.getVideoPlaybackQuality().droppedVideoFrames : 0);
      const droppedBefore = dropped();
      const end = Date.now() + seconds * 1000;
      // Jittered: a steady 100 ms is exactly 3 frames at 30 fps and would always catch frames at the same age.
      const tick = () => {
        if (Date.now() >= end) return resolve({ ages, unreadable, dropped: dropped() - droppedBefore });
        const code = decode();
        const age = code === null ? -1 : ((((Date.now() % m) - code) % m) + m) % m;
        if (code === null || age > 60000) unreadable += 1;
        else ages.push(age);
        setTimeout(tick, 80 + Math.random() * 40);
      };
      tick();
    });
  },
  stop,
};
`;

const pageHtml = `<!doctype html><html><body style="margin:0;background:#000">
<video id="v" muted autoplay playsinline width="640" height="360"></video>
<script src="/mpegts.js"></script><script src="/hls.js"></script><script>${pageScript}</script>
</body></html>`;

const sampleReport = z.object({ ages: z.array(z.number()), unreadable: z.number(), dropped: z.number() });
export type Samples = z.infer<typeof sampleReport>;

export type PlayerPage = {
  version: string;
  hlsUrl(stream: string, rendition: string): string;
  /** Date.now() when the first frame showed, or undefined. */
  firstFrame(engine: Engine, url: string, timeoutMs: number, retryMs: number): Promise<number | undefined>;
  sample(seconds: number): Promise<Samples>;
  stopPlaying(): Promise<void>;
  close(): Promise<void>;
};

const scripts: Record<string, string> = {
  '/mpegts.js': require.resolve('mpegts.js/dist/mpegts.js'),
  '/hls.js': require.resolve('hls.js/dist/hls.min.js'),
};

async function sendResponse(res: http.ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** Serves the page and HLS on a free loopback port and opens it in Chromium at `executablePath`. */
export async function openPlayerPage(executablePath: string, hls: HlsHandler): Promise<PlayerPage> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const script = scripts[url.pathname];
    const hlsPath = /^\/hls\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml);
    } else if (script) {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      fs.createReadStream(script).pipe(res);
    } else if (hlsPath) {
      hls(url, hlsPath[1], hlsPath[2], hlsPath[3])
        .then((response) => sendResponse(res, response))
        .catch(() => res.writeHead(500).end());
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let browser: Browser | undefined;
  let page: Page;
  try {
    browser = await chromium.launch({
      executablePath,
      // Autoplay without a click; no GPU in a headless box; no background traffic competing with the stream.
      args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--mute-audio', '--no-first-run'],
    });
    page = await browser.newPage({ viewport: { width: 640, height: 360 } });
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction('typeof window.bench === "object"');
  } catch (error) {
    await browser?.close();
    server.close();
    throw error;
  }
  const openBrowser = browser;
  return {
    version: openBrowser.version(),
    hlsUrl: (stream, rendition) => `http://127.0.0.1:${port}/hls/${stream}/${rendition}/index.m3u8`,
    async firstFrame(engine, url, timeoutMs, retryMs) {
      const at = await page.evaluate(`bench.firstFrame(${JSON.stringify(engine)}, ${JSON.stringify(url)}, ${timeoutMs}, ${retryMs})`);
      return typeof at === 'number' ? at : undefined;
    },
    async sample(seconds) {
      return sampleReport.parse(await page.evaluate(`bench.sample(${seconds})`));
    },
    async stopPlaying() {
      await page.evaluate('bench.stop()');
    },
    async close() {
      await openBrowser.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
