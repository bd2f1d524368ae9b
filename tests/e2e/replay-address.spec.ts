// A replay has its own address (/anchorReplay/{anchor}?replay={id}): opening one from a list puts that address in the
// location bar, the back button closes the player, and the address opens the player by itself, for a visitor in
// either language, on a desktop and a phone, with the replay's own title for link previews and search engines.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInThroughApi, type ApiSession } from './support/api-session';
import { callAs, pushTestPattern } from './support/live-viewing';

test.describe.configure({ mode: 'serial' });

type ReplayListReply = { list: { id: number; title: string; anchor_id: number }[]; total: number };

let api: APIRequestContext;
let anchor: ApiSession;
let replay: { id: number; title: string; anchor_id: number };

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: 'close' } });
  anchor = await signInThroughApi(api, '18800000002');
  const status = await callAs<{ is_live: number }>(api, anchor, '/api/user/checkAnchorStatus');
  if (status.is_live === 1) await callAs(api, anchor, '/webapi/live/endLive');
  const before = await callAs<ReplayListReply>(api, anchor, '/api/live/getReplayList', { anchor_id: anchor.id });
  const title = `Replay address ${Date.now()}`;
  await callAs(api, anchor, '/webapi/live/startLive', { title, category: 2, cateid: 201 });
  const { push_url: pushUrl } = await callAs<{ push_url: string }>(api, anchor, '/webapi/live/getStreamInfo');
  const encoder = pushTestPattern(pushUrl);
  try {
    await expect.poll(async () => (await callAs<{ live_status: number }>(api, anchor, '/api/live/getRoomInfo', { anchor_id: anchor.id })).live_status, { timeout: 30_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    await callAs(api, anchor, '/webapi/live/endLive');
  } finally {
    await encoder.stop();
  }
  // This live's own replay: another journey's ended live may become a replay of this anchor's in the meantime.
  await expect
    .poll(
      async () => {
        const list = await callAs<ReplayListReply>(api, anchor, '/api/live/getReplayList', { anchor_id: anchor.id, size: 50 });
        replay = list.list.find((item) => item.title === title)!;
        return list.total > before.total && replay !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
});

test.afterAll(async () => {
  await api.dispose();
});

test('opening a replay from the list gives it an address, and the back button closes it', async ({ page }, testInfo) => {
  const address = `/anchorReplay/${anchor.id}?replay=${replay.id}`;
  await page.goto('/liveMatchesReplay');
  const card = page.getByRole('article').filter({ hasText: replay.title });
  await expect(card.getByRole('link', { name: replay.title })).toHaveAttribute('href', address);
  await card.getByRole('link', { name: replay.title }).click();
  const dialog = page.getByRole('dialog', { name: replay.title });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(address);
  await expect.poll(() => dialog.locator('video').evaluate((video: HTMLVideoElement) => video.duration || 0), { timeout: 20_000 }).toBeGreaterThan(2);
  await page.screenshot({ path: testInfo.outputPath('replay-open-1366.png') });

  await page.goBack();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/liveMatchesReplay$/);
  await expect(page.getByRole('heading', { name: 'Live replays', level: 1 })).toBeVisible();
  // Forward opens it again; Escape then closes it and leaves the list's address.
  await page.goForward();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/liveMatchesReplay$/);
});

test('the address opens the player by itself, described as that replay, in both languages and on a phone', async ({ page }, testInfo) => {
  const address = `/anchorReplay/${anchor.id}?replay=${replay.id}`;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(address);
  const dialog = page.getByRole('dialog', { name: replay.title });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveTitle(`${replay.title} · SportCast`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/anchorReplay/${anchor.id}\\?replay=${replay.id}$`));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`${anchor.nick_name}'s live commentary, replayed`));
  await page.screenshot({ path: testInfo.outputPath('replay-address-390.png') });
  // Closing it leaves the anchor's replays, without the replay in the address.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/anchorReplay/${anchor.id}$`));
  await expect(page.getByRole('heading', { name: `${anchor.nick_name}'s replays`, level: 1 })).toBeVisible();

  await page.goto(`${address}&lang=zh-CN`);
  await expect(page.getByRole('dialog', { name: replay.title })).toBeVisible();
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(`主播${anchor.nick_name}的直播回放`));
  await expect(page.getByRole('dialog').getByRole('button', { name: '关闭' })).toBeVisible();
});

test('a replay of another anchor, or none, opens no player', async ({ page }) => {
  await page.goto(`/anchorReplay/${anchor.id}?replay=999999`);
  await expect(page.getByRole('heading', { name: `${anchor.nick_name}'s replays`, level: 1 })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto(`/anchorReplay/10000003?replay=${replay.id}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
