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
import { clockReaderScript } from './clock-pattern';

export type Engine = 'flv' | 'hls';
export type HlsHandler = (url: URL, stream: string, rendition: string, file: string) => Promise<Response>;


/** The page's script: plain browser JavaScript, no build step. */
const pageScript = `
${clockReaderScript}
const FLV = ${JSON.stringify(flvPlayerSettings)};
const HLS = ${JSON.stringify(hlsPlayerSettings)};
mpegts.LoggingControl.enableAll = false;
const video = document.getElementById('v');
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
        const code = readVideoClock(video);
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
