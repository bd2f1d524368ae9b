// The anchor after "Start live" (issue 18): their own room tells them to start the encoder and shows them, alone, a
// studio with the push settings; a real ffmpeg push turns it to "receiving" with the bitrate, resolution and frame
// rate the media server measures; End live (asked first) opens live management with the live's summary, and the
// replay link once the recording is ready. In English on the main brand and in Chinese on 球吧 (zh.localhost), whose
// push address must name an address an encoder can reach. Screens at 1366 and 390 px. Also: the zero-ticket dialog
// and the schedule lead to no empty page.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { StartLiveDialog } from './pages/start-live-dialog';
import { StudioPanel } from './pages/studio-panel';
import { newPhone, registerThroughApi, useSession, type ApiSession } from './support/api-session';
import { e2ePort, runOps } from './support/e2e-server';
import { callAs, expectVideoAdvances, pushTestPattern } from './support/live-viewing';

// Each journey pushes a real stream and waits for the media server, the player and the replay: minutes on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 420_000 });

const zhOrigin = `http://zh.localhost:${e2ePort}`;
let api: APIRequestContext;
let anchor: ApiSession;
/** The 球吧 journey's own anchor: a live started on a stream whose previous live ended seconds before is another case. */
let zhAnchor: ApiSession;
let fan: ApiSession;

/** The whole page at 1366 and 390 px, from the top, with nothing focused. */
async function shoot(page: Page, name: string, path: (file: string) => string): Promise<void> {
  for (const [label, width, height] of [['1366', 1366, 860], ['390', 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      window.scrollTo(0, 0);
    });
    await page.waitForTimeout(500);
    await page.screenshot({ path: path(`${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

async function signedInContext(browser: import('@playwright/test').Browser, session: ApiSession): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 }, permissions: ['clipboard-read', 'clipboard-write'] });
  await useSession(context, session);
  return context;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  api = await playwright.request.newContext({ baseURL });
  const phone = newPhone();
  anchor = await registerThroughApi(api, phone);
  expect(runOps('user:role', phone, 'anchor')).toContain('→ anchor');
  const zhPhone = newPhone();
  zhAnchor = await registerThroughApi(api, zhPhone);
  expect(runOps('user:role', zhPhone, 'anchor')).toContain('→ anchor');
  fan = await registerThroughApi(api, newPhone());
});

test.afterAll(async () => {
  await api.dispose();
});

test('an anchor goes live, streams from an encoder, watches the studio, ends the live and finds the summary and replay', async ({ browser }, testInfo) => {
  const context = await signedInContext(browser, anchor);
  const page = await context.newPage();
  await page.goto('/home');

  // The header's island has loaded the account (on a busy machine that takes a while) before the anchor clicks.
  await expect(page.getByRole('button', { name: `Account menu of ${anchor.nick_name}` })).toBeVisible({ timeout: 30_000 });
  const dialog = new StartLiveDialog(page);
  await page.getByRole('banner').getByRole('button', { name: 'Go live' }).click();
  await expect(dialog.dialog).toBeVisible({ timeout: 30_000 });
  await dialog.field('Category').selectOption({ label: 'Football' });
  await dialog.field('Secondary category').selectOption({ label: 'World Cup' });
  // The title stops at 50 characters: 60 typed, 50 kept, and the counter never passes 50/50.
  await dialog.field('Title').fill('x'.repeat(60));
  await expect(dialog.field('Title')).toHaveValue('x'.repeat(50));
  await expect(dialog.dialog.getByText('50/50')).toBeVisible();
  await dialog.field('Title').pressSequentially('yz');
  await expect(dialog.field('Title')).toHaveValue('x'.repeat(50));
  await dialog.field('Title').fill('Studio check: late kick-off');
  // The ticket row says what HD costs; no number sits there for the server to ignore.
  const ticketSwitch = dialog.dialog.getByRole('switch', { name: 'Ticket for HD' });
  await expect(ticketSwitch).toHaveAccessibleDescription('Viewers spend 1 ticket to watch this live in HD.');
  await expect(dialog.dialog.getByRole('textbox', { name: 'Ticket count' })).toHaveCount(0);
  await dialog.submit('Start live').click();

  // The own room: the poster says what to do, and the studio shows the push settings, waiting for the encoder.
  await expect(page).toHaveURL(new RegExp(`/liveMatchesTwo/${anchor.id}$`), { timeout: 30_000 });
  await expect(page.getByText('Start your encoder')).toBeVisible();
  await expect(page.getByText('The anchor has not started')).toHaveCount(0);
  const studio = new StudioPanel(page);
  await expect(studio.region).toContainText('Only you see this');
  await expect(studio.region.getByText('Waiting for your encoder')).toBeVisible();
  await expect(studio.figure('bitrate')).toHaveText('—');
  await expect(studio.credential('Push key')).toContainText('•');
  const server = await studio.copy('Push address', 'Copy Push address', 'Link copied');
  const key = await studio.copy('Push key', 'Copy Push key', 'Link copied');
  expect(server).toBe(`rtmp://localhost:${e2ePort + 20_000}/live`);
  expect(key).toMatch(/^[\w-]+\?key=[0-9a-f]{32}$/);
  await studio.credential('Push key').getByRole('button', { name: 'Show Push key' }).click();
  await expect(studio.credential('Push key')).toContainText(key);
  await studio.credential('Push key').getByRole('button', { name: 'Hide Push key' }).click();
  await shoot(page, 'own-room-waiting', (file) => testInfo.outputPath(file));

  // A fan in the room sees the live, no studio; they follow during the live.
  const fanContext = await signedInContext(browser, fan);
  const fanPage = await fanContext.newPage();
  const encoder = pushTestPattern(`${server}/${key}`);
  try {
    await expect(studio.region.getByText('Receiving your stream')).toBeVisible({ timeout: 30_000 });
    await expect(studio.figure('bitrate')).toHaveText(/^[\d,]+ kbit\/s$/, { timeout: 15_000 });
    await expect(studio.figure('resolution')).toHaveText('640 × 360');
    await expect(studio.figure('frameRate')).toHaveText('25 fps');
    await expect(studio.figure('onAir')).toHaveText(/^\d+:\d\d$/);
    // The poster gives way to the player at once (the studio refreshes the room); the fan's player proves it plays.
    await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Start your encoder')).toHaveCount(0);

    await fanPage.goto(`/liveMatchesTwo/${anchor.id}`);
    await expectVideoAdvances(fanPage);
    await expect(fanPage.getByRole('region', { name: 'Your studio' })).toHaveCount(0);
    await fanPage.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(fanPage.getByRole('button', { name: 'Following' })).toBeVisible();
    // Two players pull the stream: the media server counts them within its 5 s flush.
    await expect(studio.figure('viewers')).toHaveText(/^[1-9]/, { timeout: 20_000 });
    await shoot(page, 'own-room-receiving', (file) => testInfo.outputPath(file));

    // End live asks first; keeping the live changes nothing.
    await studio.region.getByRole('button', { name: 'End live', exact: true }).click();
    await expect(studio.region.getByText('End this live now? Viewers will see that it has ended.')).toBeVisible();
    await studio.region.getByRole('button', { name: 'Keep live' }).click();
    await expect(studio.region.getByText('Receiving your stream')).toBeVisible();
    await studio.endLive({ end: 'End live', confirm: 'End live now' });
  } finally {
    await encoder.stop();
  }

  // Live management with the summary; the replay turns from processing to a link.
  // The room's player and polls give way to live management: up to a minute on a machine this busy.
  await expect(page).toHaveURL(/\/user-center\/live-management\?ended=\d+$/, { timeout: 60_000 });
  const summary = page.getByRole('region', { name: 'Studio check: late kick-off' });
  await expect(summary).toContainText('Live ended');
  await expect(summary.getByRole('definition').nth(0)).toHaveText(/^\d+:\d\d$/);
  await expect(summary.getByRole('definition').nth(1)).toHaveText(/^[1-9]\d*$/);
  await expect(summary.getByRole('definition').nth(2)).toHaveText('1');
  await expect(summary.getByText(/Replay processing…|Your replay is ready/)).toBeVisible();
  const watch = summary.getByRole('link', { name: 'Watch the replay' });
  await expect(watch).toBeVisible({ timeout: 60_000 });
  await expect(summary.getByText('Your replay is ready')).toBeVisible();
  await expect(summary.getByText(/^\d+:\d\d long, listed on your replays page\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are not live' })).toBeVisible();
  await shoot(page, 'live-summary', (file) => testInfo.outputPath(file));
  await watch.click();
  // The replay's own address opens its player.
  await expect(page).toHaveURL(new RegExp(`/anchorReplay/${anchor.id}\\?replay=\\d+$`), { timeout: 30_000 });
  await expect(page.getByRole('dialog', { name: 'Studio check: late kick-off' }).locator('video')).toBeVisible();

  // Back in the room with no live open, the anchor is told how to start one.
  await page.goto(`/liveMatchesTwo/${anchor.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'You are not live' }).first()).toBeVisible();
  await expect(studio.region.getByRole('link', { name: 'Live management' })).toHaveAttribute('href', '/user-center/live-management');
  await fanContext.close();
  await context.close();
});

test('球吧: the studio speaks Chinese and its push address, not zh.localhost, takes a real encoder', async ({ browser }, testInfo) => {
  const context = await signedInContext(browser, zhAnchor);
  const page = await context.newPage();
  // Through the main host: Node, like an encoder, cannot resolve zh.localhost (the browser can).
  await callAs(api, zhAnchor, '/webapi/live/startLive', { title: '球吧测试直播', category: 2, cateid: 201 });
  await page.goto(`${zhOrigin}/liveMatchesTwo/${zhAnchor.id}`);
  await expect(page.getByText('请启动推流软件')).toBeVisible();
  const studio = new StudioPanel(page, '我的直播控制台');
  await expect(studio.region.getByText('等待推流')).toBeVisible();
  const server = await studio.copy('推流地址', '复制推流地址', '链接已复制');
  const key = await studio.copy('推流密钥', '复制推流密钥', '链接已复制');
  expect(server).not.toContain('localhost');
  expect(server).toMatch(new RegExp(`^rtmp://(\\d+\\.){3}\\d+:${e2ePort + 20_000}/live$`));

  // ffmpeg resolves nothing here: the address is used exactly as the page gave it.
  const encoder = pushTestPattern(`${server}/${key}`);
  try {
    await expect(studio.region.getByText('正在接收推流')).toBeVisible({ timeout: 30_000 });
    await expect(studio.figure('resolution')).toHaveText('640 × 360', { timeout: 15_000 });
    await expect(studio.figure('bitrate')).toHaveText(/^[\d,]+ kbit\/s$/);
    await expect(page.locator('video')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('请启动推流软件')).toHaveCount(0);
    // The encoder keeps pushing a few seconds, so that the recording is long enough to become a replay (shorter ones are dropped).
    await page.waitForTimeout(4000);
    await shoot(page, 'own-room-receiving-zh', (file) => testInfo.outputPath(file));
    await studio.endLive({ end: '结束直播', confirm: '立即结束' });
  } finally {
    await encoder.stop();
  }
  // The room's player and polls give way to live management: up to a minute on a machine this busy.
  await expect(page).toHaveURL(/\/user-center\/live-management\?ended=\d+$/, { timeout: 60_000 });
  const summary = page.getByRole('region', { name: '球吧测试直播' });
  await expect(summary).toContainText('直播已结束');
  await expect(summary.getByRole('link', { name: '观看回放' })).toBeVisible({ timeout: 60_000 });
  await shoot(page, 'live-summary-zh', (file) => testInfo.outputPath(file));
  await context.close();
});

test('no dead ends: a viewer without tickets can ask the anchor for one, and the schedule\'s Book buttons lead to the booked list', async ({ browser }, testInfo) => {
  // A ticketed live from a 360p encoder: HD (the source) is all there is, behind a ticket.
  await callAs(api, anchor, '/webapi/live/startLive', { title: 'HD only', category: 2, cateid: 201, ticket_toogle: 1, ticket: 1 });
  const { push_url: pushUrl } = await callAs<{ push_url: string }>(api, anchor, '/webapi/live/getStreamInfo');
  const context = await signedInContext(browser, fan);
  const page = await context.newPage();
  const encoder = pushTestPattern(pushUrl);
  try {
    await page.goto(`/liveMatchesTwo/${anchor.id}`);
    await expect(page.getByText('This live is in HD only')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Watch in HD' }).click();
    const dialog = page.getByRole('dialog', { name: 'Watch in high definition' });
    await expect(dialog.getByText('Tickets left: 0')).toBeVisible();
    await expect(dialog).toContainText('Tickets are given out by the site');
    await expect(dialog.getByRole('link', { name: 'Message the anchor' })).toHaveAttribute('href', `/user-center/privateChat?peer=${anchor.id}`);
    await expect(dialog.getByRole('button', { name: 'Use 1 ticket' })).toHaveCount(0);
    await shoot(page, 'zero-ticket-dialog', (file) => testInfo.outputPath(file));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Watch in HD' }).click();
    await dialog.getByRole('link', { name: 'My viewing tickets' }).click();
    await expect(page).toHaveURL(/\/user-center\/voucher$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: 'Viewing tickets left' })).toBeVisible();
  } finally {
    await encoder.stop();
    await callAs(api, anchor, '/webapi/live/endLive');
  }

  // An upcoming match's Book button books it, and the booked list shows it. The list's last one: the demo replays
  // the World Cup at 60×, so the first may kick off (and no longer take bookings) between the page and the click.
  await page.goto('/schedule?status=upcoming');
  const book = page.getByRole('button', { name: /^Book / }).last();
  const title = ((await book.getAttribute('aria-label')) ?? '').replace(/^Book /, '');
  await book.click();
  await expect(page.getByRole('button', { name: `Book ${title}` })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/user-center/mySchedule');
  await expect(page.locator('li[data-booking^="match-"]', { hasText: title })).toBeVisible();
  await context.close();
});
