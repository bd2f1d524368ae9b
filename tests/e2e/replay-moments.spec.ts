// Event-marked replays (issue 27): an anchor streams the next match from its kick-off until the feed has told a goal,
// a card or a substitution, then ends; the replay shows the match's moments under its video, and pressing one jumps
// there with the score as it stood. On a desktop in English, and on a phone in Chinese on 球吧.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newPhone, registerThroughApi } from './support/api-session';
import { e2ePort, runOps } from './support/e2e-server';
import { callAs, openLivePushUrl, pushTestPattern } from './support/live-viewing';

type Envelope<T> = { data: T };
type SportMatch = { match_id: number; status: 'upcoming' | 'live'; start_time: number };
type Moment = { kind: string; offset: number };

const keyKinds = ['goal', 'own_goal', 'penalty_goal', 'yellow', 'second_yellow', 'red', 'substitution'];

async function post<T>(api: APIRequestContext, path: string, data: Record<string, unknown>): Promise<T> {
  return ((await (await api.post(path, { data })).json()) as Envelope<T>).data;
}

/** Follows the match page's event stream until the feed tells a goal, a card or a substitution. */
async function untilKeyEvent(origin: string, matchId: number, timeoutMs: number): Promise<string> {
  const abort = AbortSignal.timeout(timeoutMs);
  const response = await fetch(`${origin}/api/match/live/${matchId}?lang=en-US`, { signal: abort });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the match stream ended before a key event');
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
        const data = buffer
          .slice(0, end)
          .split('\n')
          .find((line) => line.startsWith('data: '));
        buffer = buffer.slice(end + 2);
        const frame = data ? (JSON.parse(data.slice(6)) as { type?: string; event?: { kind: string } }) : {};
        if (frame.type === 'textLive' && frame.event && keyKinds.includes(frame.event.kind)) return frame.event.kind;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

test('a replay of a match marks its moments under the video, and pressing one jumps there', async ({ browser, playwright, baseURL }, testInfo) => {
  test.setTimeout(480_000);
  const api = await playwright.request.newContext({ baseURL });
  const anchorPhone = newPhone('136');
  const anchor = await registerThroughApi(api, anchorPhone);
  expect(runOps('user:role', anchorPhone, 'anchor')).toContain('→ anchor');
  // The next match to kick off (the replayer runs 60×, a minute at most between kick-offs), so the recording has it from the start.
  const open = (await post<{ sport_live_match: SportMatch[] }>(api, '/api/match/getSportMatch', { sport_id: 2, comp: 'world-cup-2022' })).sport_live_match;
  const next = open.filter((match) => match.status === 'upcoming').sort((a, b) => a.start_time - b.start_time)[0];
  expect(next, 'an upcoming match to stream').toBeDefined();
  const title = 'Replay moments check';
  const encoder = pushTestPattern(await openLivePushUrl(api, anchor, { match_id: next.match_id, title }));
  try {
    await untilKeyEvent(baseURL!, next.match_id, 300_000);
    // The moment well inside the recording, not at its last frame.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  } finally {
    await callAs(api, anchor, '/webapi/live/endLive').catch(() => undefined);
    await encoder.stop();
  }

  let replayId = 0;
  await expect
    .poll(async () => (replayId = (await post<{ list: { id: number }[] }>(api, '/api/live/getReplayList', { anchor_id: anchor.id })).list[0]?.id ?? 0), { timeout: 120_000 })
    .toBeGreaterThan(0);
  const { events } = await post<{ events: Moment[] }>(api, '/api/live/getReplayEvents', { replay_id: replayId });
  const firstMoment = events.find((event) => keyKinds.includes(event.kind));
  expect(firstMoment, 'a key moment inside the recording').toBeDefined();

  const page = await browser.newPage();
  await page.goto(`/anchorReplay/${anchor.id}?replay=${replayId}`);
  const dialog = page.getByRole('dialog', { name: title });
  const moments = dialog.getByRole('region', { name: 'Key moments' });
  await expect(moments.getByRole('button').first()).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: testInfo.outputPath('replay-moments-desktop-en.png') });
  await moments.getByRole('button').first().click();
  // Five seconds before the moment, then playing on.
  await expect
    .poll(() => dialog.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(Math.max(0, firstMoment!.offset - 5.5));
  expect(await dialog.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime)).toBeLessThan(firstMoment!.offset + 5);
  // The match had kicked off by then: a score, not "vs".
  await expect(dialog.getByTestId('replay-score')).toHaveText(/^\d+ – \d+$/);
  await page.close();

  const phone = await browser.newContext({ baseURL: `http://zh.localhost:${e2ePort}`, viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true });
  const phonePage = await phone.newPage();
  await phonePage.goto(`/anchorReplay/${anchor.id}?replay=${replayId}`);
  const zhMoments = phonePage.getByRole('dialog', { name: title }).getByRole('region', { name: '关键时刻' });
  await expect(zhMoments.getByRole('button').first()).toBeVisible({ timeout: 30_000 });
  expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await phonePage.screenshot({ path: testInfo.outputPath('replay-moments-phone-zh.png') });
  await phone.close();
  await api.dispose();
});
