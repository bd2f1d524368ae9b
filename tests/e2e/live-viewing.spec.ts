// The viewer's side of live streaming (issue 5): a real RTMP stream pushed with ffmpeg plays in Chromium's <video>;
// a ticket unlocks the HD of a ticketed room; a viewer browses the live list, follows an anchor and finds them
// in the followed list, and its replay, which a moderator hides, shows again and deletes in the console. Screens are
// kept at 1366 and 360 px. Demo accounts (docs/accounts.md): viewer
// 18800000001 (three tickets; a retry finds one fewer), anchors 老K说球 18800000002 (ticketed HD) and Coach Li 18800000003 (free).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInThroughApi, useSession, type ApiSession } from './support/api-session';
import { callAs, expectVideoAdvances, openLivePushUrl, pushTestPattern, shoot } from './support/live-viewing';
import { signInToConsole } from './pages/console-sign-in';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let viewer: ApiSession;
let ticketedAnchor: ApiSession;
let freeAnchor: ApiSession;

test.beforeAll(async ({ playwright, baseURL }) => {
  // A rerun against the same server waits out each phone's 60 s SMS gap.
  test.setTimeout(240_000);
  api = await playwright.request.newContext({ baseURL });
  // One SMS code per phone per minute: every account signs in once for the whole file.
  viewer = await signInThroughApi(api, '18800000001');
  ticketedAnchor = await signInThroughApi(api, '18800000002');
  freeAnchor = await signInThroughApi(api, '18800000003');
});

test.afterAll(async () => {
  await api.dispose();
});

test('a stream pushed over RTMP plays in the live room', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`/liveMatchesTwo/${freeAnchor.id}`);
  // Before the encoder starts, the room says it is off air (not started yet; or, on a retry or after another
  // journey's live for Coach Li, back soon).
  await expect(page.getByText(/^The anchor (has not started|will be back soon)/).first()).toBeVisible();
  const encoder = pushTestPattern(await openLivePushUrl(api, freeAnchor));
  try {
    // The room notices the stream by itself (it asks again while off air) and starts playing.
    await expectVideoAdvances(page);
    await expect(page.getByRole('button', { name: /^Quality/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /Mute|Unmute/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
    await shoot(page, 'live-room-playing', (file) => testInfo.outputPath(file));
  } finally {
    await encoder.stop();
  }
  // The encoder gone, the room reads "back soon" rather than a frozen picture.
  await expect(page.getByText('The anchor will be back soon')).toBeVisible({ timeout: 30_000 });
});

test('a viewer spends a ticket to unlock HD in a ticketed room', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(context, viewer);
  const page = await context.newPage();
  // The demo's ticketed live, or after an earlier attempt ended it a new one, ticketed as well.
  const encoder = pushTestPattern(await openLivePushUrl(api, ticketedAnchor, { ticket_toogle: 1, ticket: 1 }));
  try {
    await page.goto(`/liveMatchesTwo/${ticketedAnchor.id}`);
    // A 360p source has no lower rendition: HD (the source) is all there is, behind a ticket.
    await expect(page.getByText('This live is in HD only')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Watch in HD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Watch in high definition' });
    await expect(dialog).toContainText('needs 1 viewing ticket');
    // Three on a fresh server; a retry finds one fewer (the first attempt spent it, on a live since ended).
    await expect(dialog.getByText(/^Tickets left: [1-3]$/)).toBeVisible();
    await shoot(page, 'live-room-ticket-dialog', (file) => testInfo.outputPath(file));
    // The notice shows for 1.5 s (spec §2.4): looked for from the click on, so a loaded machine does not miss it.
    await Promise.all([expect(page.getByText('Ticket used: enjoy the match in HD.')).toBeVisible(), dialog.getByRole('button', { name: 'Use 1 ticket' }).click()]);
    await expect(dialog).toBeHidden();
    await expectVideoAdvances(page);
    // The quality menu now offers the unlocked HD source.
    await page.getByRole('button', { name: /^Quality/ }).click();
    await expect(page.getByRole('menuitemradio', { name: /HD/ })).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await shoot(page, 'live-room-hd', (file) => testInfo.outputPath(file));
  } finally {
    await encoder.stop();
    // Ended, so that a retry opens a new live, which needs a ticket again (HD is unlocked per live).
    await callAs(api, ticketedAnchor, '/webapi/live/endLive');
  }
  // The ticket shows in the viewer's ticket list: one spent in this anchor's room.
  await page.goto('/user-center/voucher');
  await expect(page.getByRole('heading', { name: 'Viewing tickets left' })).toBeVisible();
  await expect(page.getByText('−1').first()).toBeVisible();
  await expect(page.getByRole('link', { name: ticketedAnchor.nick_name }).first()).toBeVisible();
  await shoot(page, 'voucher', (file) => testInfo.outputPath(file));
  await context.close();
});

test('a viewer browses the live list, follows an anchor and finds them among the followed', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(context, viewer);
  const page = await context.newPage();
  const encoder = pushTestPattern(await openLivePushUrl(api, freeAnchor));
  try {
    // Wait until the media server counts the stream as up, then the list shows the room.
    await expect.poll(async () => (await (await api.post('/api/live/getRoomInfo', { data: { anchor_id: freeAnchor.id } })).json()).data.live_status, { timeout: 30_000 }).toBe(1);
    await page.goto('/liveMatches');
    await expect(page.getByRole('heading', { name: 'Live', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'All live' })).toHaveAttribute('aria-current', 'page');
    const card = page.getByRole('article').filter({ hasText: freeAnchor.nick_name });
    await expect(card).toBeVisible();
    await shoot(page, 'live-list', (file) => testInfo.outputPath(file));
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(new RegExp(`/liveMatchesTwo/${freeAnchor.id}$`));
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(page.getByText('Followed', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Following' })).toHaveAttribute('aria-pressed', 'true');

    await page.goto('/user-center/focus');
    const row = page.getByRole('listitem').filter({ hasText: freeAnchor.nick_name });
    await expect(row).toBeVisible();
    await expect(row.getByText('Live', { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: 'Watch' })).toHaveAttribute('href', `/liveMatchesTwo/${freeAnchor.id}`);
    await shoot(page, 'focus', (file) => testInfo.outputPath(file));

    // The room visit is in the watch history; the anchor's page knows the viewer follows them.
    await page.goto('/user-center/watchHistory');
    await expect(page.getByRole('listitem').filter({ hasText: freeAnchor.nick_name })).toBeVisible();
    await shoot(page, 'watch-history', (file) => testInfo.outputPath(file));
    await page.goto(`/anchorInfo/${freeAnchor.id}`);
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
    await shoot(page, 'anchor-info', (file) => testInfo.outputPath(file));
    // Home is cached for 10 seconds: the hot anchors show the room within one refresh.
    await expect(async () => {
      await page.goto('/home');
      await expect(page.getByRole('link', { name: new RegExp(freeAnchor.nick_name) }).first()).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 40_000 });
    await shoot(page, 'home', (file) => testInfo.outputPath(file));
  } finally {
    await encoder.stop();
  }

  // The anchor ends the live: its recording becomes a replay that plays and seeks in a plain <video>.
  await callAs(api, freeAnchor, '/webapi/live/endLive');
  await expect
    .poll(async () => (await (await api.post('/api/live/getReplayList', { data: { anchor_id: freeAnchor.id } })).json()).data.total, { timeout: 60_000 })
    .toBeGreaterThan(0);
  await page.goto(`/anchorReplay/${freeAnchor.id}`);
  await expect(page.getByRole('heading', { name: `${freeAnchor.nick_name}'s replays`, level: 1 })).toBeVisible();
  await page.getByRole('article').first().getByRole('link').first().click();
  const video = page.getByRole('dialog').locator('video');
  const duration = () => video.evaluate((element: HTMLVideoElement) => element.duration || 0);
  await expect.poll(duration, { timeout: 20_000 }).toBeGreaterThan(2);
  const middle = (await duration()) / 2;
  await video.evaluate((element: HTMLVideoElement, to: number) => {
    element.currentTime = to;
  }, middle);
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThanOrEqual(middle - 0.5);
  await shoot(page, 'replay-dialog', (file) => testInfo.outputPath(file));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.goto('/liveMatchesReplay');
  await expect(page.getByRole('article').first()).toBeVisible();
  await shoot(page, 'replays', (file) => testInfo.outputPath(file));

  // An operator takes the replay off the site in the console, puts it back, then deletes it with its video.
  type ReplayList = { total: number; list: { id: number; url: string }[] };
  const replayList = async () => (await (await api.post('/api/live/getReplayList', { data: { anchor_id: freeAnchor.id, size: 50 } })).json()).data as ReplayList;
  const listed = async () => (await replayList()).list.map((item) => item.id);
  const [replay] = (await replayList()).list;
  const replayLink = page.locator(`a[href="/anchorReplay/${freeAnchor.id}?replay=${replay.id}"]`);
  await page.goto(`/anchorReplay/${freeAnchor.id}`);
  await expect(replayLink.first()).toBeVisible();
  const operatorPage = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
  await signInToConsole(operatorPage, '18800000005', 'en-US');
  await operatorPage.getByRole('link', { name: 'Replays', exact: true }).click();
  const row = operatorPage.locator(`tr[data-replay="${replay.id}"]`);
  await expect(row).toContainText(freeAnchor.nick_name);
  await row.getByRole('button', { name: 'Hide' }).click();
  await expect(row).toContainText('Hidden');
  await shoot(operatorPage, 'console-replays', (file) => testInfo.outputPath(file));
  // Gone from the anchor's replays, the list call and the file address.
  await expect(async () => {
    await page.goto(`/anchorReplay/${freeAnchor.id}`);
    await expect(page.getByRole('heading', { name: `${freeAnchor.nick_name}'s replays`, level: 1 })).toBeVisible({ timeout: 2_000 });
    await expect(replayLink).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(await listed()).not.toContain(replay.id);
  const fileStatus = async () => (await api.get(replay.url, { headers: { range: 'bytes=0-1' } })).status();
  expect(await fileStatus()).toBe(404);
  await row.getByRole('button', { name: 'Show again' }).click();
  await expect(row).toContainText('Shown');
  expect(await listed()).toContain(replay.id);
  expect(await fileStatus()).toBe(206);
  operatorPage.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  expect(await listed()).not.toContain(replay.id);
  expect(await fileStatus()).toBe(404);
  await operatorPage.context().close();
  await context.close();
});
