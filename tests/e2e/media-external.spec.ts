// The site with an external media server (issue 25): Debian's nginx with the RTMP module, started from
// deploy/nginx-rtmp/sportcast-rtmp.conf on free ports, and a second site process with MEDIA_SERVER=external and
// URL templates naming that nginx. An anchor starts a ticketed live through the API, ffmpeg pushes to the address the
// site gives, a visitor plays it in Chromium over HLS (nginx-rtmp offers no HTTP-FLV) on the 480p rung the ladder
// made, HD from nginx needs the viewer's signature on every file, a wrong key is refused by our hook, stopping the
// push ends the live, and nginx's recording becomes the replay.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { nginxRtmpInstalled, startNginxRtmp, type NginxRtmp } from '../support/nginx-rtmp';
import { freePort } from '../support/free-port';
import { newPhone, registerThroughApi, type ApiSession } from './support/api-session';
import { e2ePort } from './support/e2e-server';
import { callAs, expectVideoAdvances, openLivePushUrl, pushTestPattern } from './support/live-viewing';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

// npm test installs it (scripts/test.sh); a bare run installs it here when it can. Under CI it must be there.
if (!nginxRtmpInstalled()) spawnSync('bash', ['scripts/ensure-nginx-rtmp.sh'], { stdio: 'inherit' });
const installed = nginxRtmpInstalled() && fs.existsSync('/usr/bin/ffmpeg');
test.skip(!installed && !process.env.CI, 'nginx with libnginx-mod-rtmp and ffmpeg are needed (sudo bash scripts/ensure-nginx-rtmp.sh; scripts/ensure-ffmpeg.sh)');

const sitePort = e2ePort + 200;
const origin = `http://127.0.0.1:${sitePort}`;
const hookSecret = 'e2e-external-media-hook-secret-0123456789';
// Made in beforeAll: Playwright also loads this file in its main process, which would leave a folder behind.
let workDir = '';
let dataDir = '';

type Envelope<T> = { status: number; msg: string; data: T };
type Quality = { name: string; rendition: string; locked: number; flv: string; hls: string };
type Room = { live_status: number; live: { live_id: number } | null; play: { flv: string; hls: string; qualities: Quality[] } };
type ReplayList = { list: { id: number; live_id: number; duration: number; url: string }[]; total: number };

let nginx: NginxRtmp | undefined;
let site: ChildProcess | undefined;
let siteOutput = '';
let api: APIRequestContext;
/** No session: what a visitor is told (api keeps the anchor's session cookie from registering). */
let visitor: APIRequestContext;
let anchor: ApiSession;
let pushUrl = '';
let liveId = 0;

const ops = (...args: string[]) =>
  spawnSync(process.execPath, ['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'scripts/ops.ts', ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' }).stdout;

async function post<T>(route: string, data: Record<string, unknown> = {}): Promise<Envelope<T>> {
  return (await (await api.post(route, { data })).json()) as Envelope<T>;
}

const roomInfo = async () => ((await (await visitor.post('/api/live/getRoomInfo', { data: { anchor_id: anchor.id } })).json()) as Envelope<Room>).data;

/** ffmpeg pushing a short test pattern; resolves with its exit code (a refused publish ends it with an error). */
function pushOnce(url: string): Promise<number | null> {
  const encoder = spawn('/usr/bin/ffmpeg', ['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '8', '-c:v', 'libx264', '-preset', 'ultrafast', '-f', 'flv', url], { stdio: 'ignore' });
  return new Promise((resolve) => encoder.once('exit', (code) => resolve(code)));
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(180_000);
  expect(installed, 'nginx with libnginx-mod-rtmp and ffmpeg (scripts/ensure-nginx-rtmp.sh, scripts/ensure-ffmpeg.sh)').toBe(true);
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sportcast-media-external-'));
  dataDir = path.join(workDir, 'data');
  const [rtmpPort, httpPort] = [await freePort(), await freePort()];
  nginx = await startNginxRtmp({ dir: path.join(workDir, 'nginx'), rtmpPort, httpPort, site: origin, hookSecret });
  site = spawn(process.execPath, ['--require', './scripts/server-only-shim.cjs', '--import', 'tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(sitePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'off',
      DEMO_STREAMS: 'off',
      SMS_IP_HOURLY_LIMIT: '1000',
      SMS_IP_DAILY_LIMIT: '5000',
      // The shortest grace the site allows: a stopped push ends the live within seconds.
      LIVE_AWAY_GRACE_SECONDS: '5',
      MEDIA_SERVER: 'external',
      MEDIA_PUSH_URL_TEMPLATE: `rtmp://127.0.0.1:${rtmpPort}/live/{stream}?key={key}`,
      MEDIA_HLS_URL_TEMPLATE: `http://127.0.0.1:${httpPort}/hls/{stream}/index.m3u8`,
      MEDIA_DROP_URL_TEMPLATE: `http://127.0.0.1:${httpPort}/control/drop/publisher?app=live&name={stream}`,
      MEDIA_HOOK_SECRET: hookSecret,
      MEDIA_RECORD_DIR: nginx.recordDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    siteOutput = (siteOutput + chunk.toString()).slice(-8000);
  };
  site.stdout?.on('data', keep);
  site.stderr?.on('data', keep);
  await expect
    .poll(async () => (await fetch(`${origin}/api/health`).catch(() => undefined))?.status, { timeout: 120_000, message: 'the external-media site starts' })
    .toBe(200);
  api = await playwright.request.newContext({ baseURL: origin });
  visitor = await playwright.request.newContext({ baseURL: origin });
  const phone = newPhone('135');
  anchor = await registerThroughApi(api, phone, dataDir);
  expect(ops('user:role', phone, 'anchor')).toContain('→ anchor');
  // Ticketed: HD (the source) needs a ticket, so a visitor is offered only what the ladder makes.
  pushUrl = await openLivePushUrl(api, anchor, { ticket_toogle: 1, ticket: 1 });
});

test.afterAll(async () => {
  await api?.dispose();
  await visitor?.dispose();
  if (site?.exitCode === null) {
    site.kill('SIGTERM');
    await new Promise((resolve) => site?.once('exit', resolve));
  }
  await nginx?.stop();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test.afterEach(() => {
  const testInfo = test.info();
  if (testInfo.status !== testInfo.expectedStatus) console.log(`site said:\n${siteOutput}\nnginx said:\n${nginx?.errorLog() ?? ''}`);
});

test('the push address is nginx’s, and a wrong key is refused by the publish hook', async () => {
  const { stream } = await callAs<{ stream: string }>(api, anchor, '/webapi/live/getStreamInfo');
  expect(pushUrl).toMatch(new RegExp(`^rtmp://127\\.0\\.0\\.1:\\d+/live/${stream}\\?key=[a-f0-9]{32}$`));
  // nginx asks the hook, which answers 403, and nginx closes the encoder: ffmpeg fails.
  expect(await pushOnce(pushUrl.replace(/key=[a-f0-9]+/, `key=${'0'.repeat(32)}`))).not.toBe(0);
  const hook = await fetch(`${origin}/api/media/hooks/publish?secret=${hookSecret}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `call=publish&app=live&name=${stream}&key=${'0'.repeat(32)}`,
  });
  expect(hook.status).toBe(403);
  // Nothing went on air.
  expect((await roomInfo()).live_status).toBe(0);
});

test('a visitor plays the live over HLS from nginx on the ladder’s 480p, and HD needs the viewer’s signature', async ({ browser }) => {
  const encoder = pushTestPattern(pushUrl, { size: '1280x720' });
  try {
    await expect.poll(async () => (await roomInfo()).live_status, { timeout: 30_000, message: 'the live goes on air' }).toBe(1);
    // The ladder's ffmpeg measures the 720p source and publishes 480p, which the hook adds to what is offered.
    await expect
      .poll(async () => (await roomInfo()).play.qualities.map((quality) => `${quality.name}:${quality.rendition}:${quality.locked}`), { timeout: 45_000, message: 'the ladder comes up' })
      .toEqual(['720p:src:1', '480p:480:0']);
    const room = await roomInfo();
    liveId = room.live?.live_id ?? 0;
    // No HTTP-FLV from nginx-rtmp: the open rung has an HLS address on nginx and no FLV one.
    const free = room.play.qualities[1];
    expect(free.flv).toBe('');
    expect(free.hls).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/hls\/[^/]+_480\/index\.m3u8$/);

    // HD through nginx: auth_request asks the site, and the playlist hands the signature on to its segments.
    const hd = (await callAs<Room>(api, anchor, '/api/live/getRoomInfo', { anchor_id: anchor.id })).play.qualities[0];
    expect(hd).toMatchObject({ rendition: 'src', locked: 0, flv: '' });
    const unsigned = hd.hls.split('?')[0];
    expect((await fetch(unsigned)).status).toBe(403);
    await expect.poll(async () => (await fetch(hd.hls)).status, { timeout: 20_000, message: 'the HD playlist is written' }).toBe(200);
    const playlist = await (await fetch(hd.hls)).text();
    const segment = playlist.split('\n').find((line) => line.includes('.ts'));
    expect(segment).toMatch(/^\d+\.ts\?uid=\d+&sid=\d+&exp=\d+&token=[a-f0-9]+$/);
    const segmentUrl = new URL(segment ?? '', hd.hls).toString();
    expect((await fetch(segmentUrl)).status).toBe(200);
    expect((await fetch(segmentUrl.split('?')[0])).status).toBe(403);

    const context = await browser.newContext();
    const page = await context.newPage();
    const hlsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/hls/')) hlsRequests.push(request.url());
    });
    await page.goto(`${origin}/liveMatchesTwo/${anchor.id}`);
    await expectVideoAdvances(page);
    expect(hlsRequests.some((url) => /_480\/\d+\.ts/.test(url))).toBe(true);
    await context.close();
  } finally {
    await encoder.stop();
  }
});

test('stopping the push ends the live, and the room says so', async ({ browser }) => {
  // The encoder stopped at the end of the last test: away, then ended when the 5 s grace is over (sweep every 5 s).
  await expect.poll(async () => (await roomInfo()).live, { timeout: 60_000, message: 'the live ends' }).toBeNull();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/liveMatchesTwo/${anchor.id}`);
  await expect(page.getByText('The anchor has not started').first()).toBeVisible();
  await context.close();
  const summary = await callAs<{ live_id: number; duration: number }>(api, anchor, '/api/live/liveSummary', { live_id: liveId });
  expect(summary.duration).toBeGreaterThan(3);
});

test('nginx’s recording becomes the live’s replay, served seekable by the site', async () => {
  const replays = async () => (await post<ReplayList>('/api/live/getReplayList', { anchor_id: anchor.id })).data;
  await expect.poll(async () => (await replays()).total, { timeout: 60_000, message: 'the replay is made' }).toBe(1);
  const [replay] = (await replays()).list;
  expect(replay.live_id).toBe(liveId);
  expect(replay.duration).toBeGreaterThanOrEqual(3);
  // A ticketed live's replay follows the live's rule: its anchor gets it, a visitor does not.
  expect((await fetch(`${origin}${replay.url}`, { headers: { range: 'bytes=0-99' } })).status).toBe(403);
  const file = await fetch(`${origin}${replay.url}`, { headers: { range: 'bytes=0-99', authorization: `Bearer ${anchor.id}.${anchor.token}` } });
  expect(file.status).toBe(206);
  expect(file.headers.get('content-type')).toBe('video/mp4');
  // The file left nginx's folder: it is the replay's now.
  expect(fs.readdirSync(nginx?.recordDir ?? '').filter((name) => name.endsWith('.flv'))).toEqual([]);
});
