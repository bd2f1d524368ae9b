// Every rung of the quality ladder plays (issue 18: the 480p rendition never did). A 1080p encoder pushes to a
// ticketed room, so the media server offers 1080p (the source, HD behind a ticket), 720p and 480p: an anonymous
// visitor plays the two free ones and a ticket holder all three, each over HTTP-FLV and over HLS, the <video>'s clock
// moving and its picture the rung's height. Each engine is tested alone by refusing the other's requests; refusing
// FLV is also how the player is seen falling back to HLS and saying so, and refusing both how it says nothing plays.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newPhone, registerThroughApi, useSession, type ApiSession } from './support/api-session';
import { runOps } from './support/e2e-server';
import { expectVideoAdvances, openLivePushUrl, pushTestPattern, shoot } from './support/live-viewing';

// One encoder and its ladder for the whole file; transcoding 1080p on a busy machine takes its time.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const rungHeights = { '1080p': 1080, '720p': 720, '480p': 480 } as const;
type Rung = keyof typeof rungHeights;
type Engine = 'FLV' | 'HLS';

const flvRequests = /\.flv(\?|$)/;
const hlsRequests = /\/api\/media\/hls\//;

type Quality = { name: string; locked: number; hls: string };

let api: APIRequestContext;
let anchor: ApiSession;
let holder: ApiSession;
let encoder: { stop: () => Promise<void> };

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  api = await playwright.request.newContext({ baseURL });
  const anchorPhone = newPhone('136');
  anchor = await registerThroughApi(api, anchorPhone);
  expect(runOps('user:role', anchorPhone, 'anchor')).toContain('→ anchor');
  const holderPhone = newPhone('136');
  holder = await registerThroughApi(api, holderPhone);
  runOps('tickets:grant', holderPhone, '1');

  // 15 fps keeps the encoder and the two transcodes within a shared 2-core machine.
  encoder = pushTestPattern(await openLivePushUrl(api, anchor, { ticket_toogle: 1, ticket: 1 }), { size: '1920x1080', rate: 15 });
  const qualities = async () => {
    const room = (await (await api.post('/api/live/getRoomInfo', { data: { anchor_id: anchor.id } })).json()) as { data: { live_status: number; play: { qualities: Quality[] } } };
    return room.data.live_status === 1 ? room.data.play.qualities : [];
  };
  await expect.poll(async () => (await qualities()).map((quality) => `${quality.name}${quality.locked ? ' locked' : ''}`), { timeout: 60_000 }).toEqual(['1080p locked', '720p', '480p']);
  // The rungs are up once their HLS has a few segments: the pipeline writes FLV and HLS from the same encoder.
  for (const quality of (await qualities()).filter((item) => !item.locked)) {
    await expect
      .poll(async () => ((await (await api.get(quality.hls)).text()).match(/\.ts/g) ?? []).length, { timeout: 60_000, message: `${quality.name} HLS segments` })
      .toBeGreaterThanOrEqual(3);
  }
});

test.afterAll(async () => {
  await encoder?.stop();
  await api?.dispose();
});

/** The anchor's room where only `engine` can load: the other engine's requests are refused. */
async function openRoom(page: Page, engine: Engine): Promise<void> {
  await page.route(engine === 'FLV' ? hlsRequests : flvRequests, (route) => route.abort());
  await page.goto(`/liveMatchesTwo/${anchor.id}`);
}

const qualityButton = (page: Page) => page.getByRole('button', { name: /^Quality/ });

async function pick(page: Page, rung: Rung): Promise<void> {
  await qualityButton(page).click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${rung}`) }).click();
}

/** `rung` is the one playing: named on the quality button, the video's clock moving, its picture that tall. */
async function expectRungPlays(page: Page, rung: Rung): Promise<void> {
  await expect(page.getByRole('button', { name: `Quality: ${rung}` })).toBeVisible({ timeout: 30_000 });
  await expectVideoAdvances(page);
  await expect.poll(() => page.locator('video').evaluate((video: HTMLVideoElement) => video.videoHeight)).toBe(rungHeights[rung]);
}

const fallbackNotice = (page: Page) => page.getByText(/did not play here/);

test('an anonymous visitor plays 720p and 480p over FLV, with 1080p behind a ticket', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await openRoom(page, 'FLV');
  await expectRungPlays(page, '720p');
  await qualityButton(page).click();
  await expect(page.getByRole('menuitemradio', { name: /^1080p/ })).toContainText('1 ticket');
  await page.keyboard.press('Escape');
  await pick(page, '480p');
  await expectRungPlays(page, '480p');
  await expect(fallbackNotice(page)).toBeHidden();
  await shoot(page, 'renditions-480p-flv', (file) => testInfo.outputPath(file));
});

test('an anonymous visitor plays 720p and 480p over HLS when FLV cannot load, and reads so', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await openRoom(page, 'HLS');
  await expect(page.getByText('720p did not play here, so you are watching 720p over HLS.')).toBeVisible({ timeout: 60_000 });
  await expectRungPlays(page, '720p');
  await shoot(page, 'renditions-fallback-hls', (file) => testInfo.outputPath(file));
  await pick(page, '480p');
  await expect(page.getByText('480p did not play here, so you are watching 480p over HLS.')).toBeVisible({ timeout: 60_000 });
  await expectRungPlays(page, '480p');
});

test('a ticket holder unlocks HD and plays 1080p, 720p and 480p, over FLV and over HLS', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(context, holder);
  const page = await context.newPage();
  await openRoom(page, 'FLV');
  await expectRungPlays(page, '720p');
  await pick(page, '1080p');
  const dialog = page.getByRole('dialog', { name: 'Watch in high definition' });
  await dialog.getByRole('button', { name: 'Use 1 ticket' }).click();
  await expect(page.getByText('Ticket used: enjoy the match in HD.')).toBeVisible();
  for (const rung of ['1080p', '720p', '480p'] as const) {
    if (rung !== '1080p') await pick(page, rung);
    await expectRungPlays(page, rung);
  }
  await expect(fallbackNotice(page)).toBeHidden();
  await page.close();

  // The ticket holds for the live: HD is the first choice now, and plays over HLS too (signed like the FLV).
  const hlsPage = await context.newPage();
  await openRoom(hlsPage, 'HLS');
  for (const rung of ['1080p', '720p', '480p'] as const) {
    if (rung !== '1080p') await pick(hlsPage, rung);
    await expect(hlsPage.getByText(`${rung} did not play here, so you are watching ${rung} over HLS.`)).toBeVisible({ timeout: 60_000 });
    await expectRungPlays(hlsPage, rung);
  }
  await context.close();
});

test('when nothing plays, the viewer reads so and plays with Try again once the stream loads', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.route(hlsRequests, (route) => route.abort());
  await openRoom(page, 'HLS');
  const failure = page.getByRole('alert').filter({ hasText: 'The video cannot be played right now' });
  await expect(failure).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Connecting to the live stream…')).toBeHidden();
  await shoot(page, 'renditions-failed', (file) => testInfo.outputPath(file));
  await page.unrouteAll();
  await failure.getByRole('button', { name: 'Try again' }).click();
  await expectRungPlays(page, '720p');
  await expect(fallbackNotice(page)).toBeHidden();
});
