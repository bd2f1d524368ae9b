// What the live-viewing journeys need besides the browser: an anchor's API calls, an encoder pushing a real RTMP test pattern with ffmpeg (ended by its pid), and the <video> whose clock must move.
import { spawn } from 'node:child_process';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { ApiSession } from './api-session';

type Envelope<T> = { status: number; msg: string; data: T };

/** An anchor's call with their session. */
export async function callAs<T>(request: APIRequestContext, session: ApiSession, path: string, data: Record<string, unknown> = {}): Promise<T> {
  const reply = await request.post(path, { data, headers: { authorization: `Bearer ${session.id}.${session.token}` } });
  const body = (await reply.json()) as Envelope<T>;
  expect(body, body.msg).toMatchObject({ status: 0 });
  return body.data;
}

/**
 * The anchor's push address with a live open to push to: a live left away longer than the grace period has
 * ended, so a new one is started as the anchor would (football, World Cup; `start` adds to the start-live form,
 * e.g. a ticket for HD).
 */
export async function openLivePushUrl(request: APIRequestContext, anchor: ApiSession, start: Record<string, unknown> = {}): Promise<string> {
  const status = await callAs<{ is_live: number }>(request, anchor, '/api/user/checkAnchorStatus');
  if (status.is_live !== 1) await callAs(request, anchor, '/webapi/live/startLive', { title: `${anchor.nick_name} e2e live`, category: 2, cateid: 201, ...start });
  return (await callAs<{ push_url: string }>(request, anchor, '/webapi/live/getStreamInfo')).push_url;
}

/**
 * ffmpeg pushing a test pattern with a tone to `pushUrl` in real time, until `stop()`: 640×360 at 25 fps unless
 * told otherwise (a 1080p source makes the media server transcode the whole ladder).
 */
export function pushTestPattern(pushUrl: string, { size = '640x360', rate = 25 }: { size?: string; rate?: number } = {}): { stop: () => Promise<void> } {
  // The loopback address: "localhost" may resolve to ::1 first.
  const url = pushUrl.replace('://localhost:', '://127.0.0.1:');
  const encoder = spawn(
    '/usr/bin/ffmpeg',
    [
      '-hide_banner', '-loglevel', 'error', '-re',
      '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${rate}`,
      '-f', 'lavfi', '-i', 'sine=frequency=440',
      // A key frame every 2 s.
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-g', String(rate * 2), '-pix_fmt', 'yuv420p',
      '-c:a', 'aac', '-b:a', '64k',
      '-f', 'flv', url,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  encoder.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => encoder.once('exit', () => resolve()));
  return {
    async stop() {
      if (encoder.exitCode === null && encoder.pid) process.kill(encoder.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (encoder.exitCode === null && encoder.pid) process.kill(encoder.pid, 'SIGKILL');
      if (errors) console.log(`ffmpeg said: ${errors}`);
    },
  };
}

/** The room's <video> plays: its currentTime moves on by at least `seconds`. */
export async function expectVideoAdvances(page: Page, seconds = 1.5): Promise<void> {
  const video = page.locator('video');
  await expect(video).toBeVisible({ timeout: 30_000 });
  const currentTime = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(currentTime, { timeout: 30_000, message: 'the video starts' }).toBeGreaterThan(0);
  const start = await currentTime();
  await expect.poll(currentTime, { timeout: 20_000, message: 'the video keeps playing' }).toBeGreaterThan(start + seconds);
}

/** Screenshots at 1366 and 360 px wide (the narrow one of the whole page). */
export async function shoot(page: Page, name: string, path: (file: string) => string): Promise<void> {
  for (const [label, width, height] of [['1366', 1366, 860], ['360', 360, 780]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(400);
    await page.screenshot({ path: path(`${name}-${label}.png`), fullPage: label === '360' });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

/**
 * Tells the page it is hidden, or shown again, as a browser does when its tab goes to the background: the visibility
 * state and its event. Headless Chromium never hides a page of its own (switching tabs or minimising changes nothing).
 */
export async function setPageHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((value) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (value ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** The live room's chat box and its list of lines (named "Chat"), as a person finds them. */
export const chatInput = (page: Page) => page.getByRole('textbox', { name: 'Say something…' });
export const chatList = (page: Page) => page.getByRole('list', { name: 'Chat' });
