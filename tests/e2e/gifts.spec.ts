// Gifts in the live room (issue 21): a viewer opens the gift panel, sends a gift, sees its Lottie animation play over
// the video, the balance drop and the gift line in the chat; a viewer without enough gems is offered the recharge
// page with the server's message; the same in Chinese at phone width. Demo accounts (docs/accounts.md): Coach Li's
// room (18800000003, who opens a live for it) and Kevin_88 (18800000001, 1 288 gems).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newPhone, registerThroughApi, signInThroughApi, useSession, type ApiSession } from './support/api-session';
import { callAs } from './support/live-viewing';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let anchor: ApiSession;
let viewer: ApiSession;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  api = await playwright.request.newContext({ baseURL });
  anchor = await signInThroughApi(api, '18800000003');
  viewer = await signInThroughApi(api, '18800000001');
  // Gifts need an open live: the anchor opens one (no stream is needed to receive gifts).
  const status = await callAs<{ is_live: number }>(api, anchor, '/api/user/checkAnchorStatus');
  if (status.is_live !== 1) await callAs(api, anchor, '/webapi/live/startLive', { title: 'Gift night', category: 2, cateid: 201 });
});

test.afterAll(async () => {
  await api.dispose();
});

const roomPath = () => `/liveMatchesTwo/${anchor.id}`;

/** The gems shown in the panel, as a number. */
async function gemsShown(page: Page): Promise<number> {
  const text = (await page.locator('[data-balance="gems"]').first().textContent()) ?? '';
  return Number(text.replace(/[^\d.]/g, ''));
}

/** What the viewer has given in the anchor's room today, in hundredths, as the room's ranking counts it. */
async function givenToday(): Promise<number> {
  const board = await callAs<{ mine: { score: number } | null }>(api, viewer, '/api/ranking/room', { anchor_id: anchor.id, period: 'day' });
  return board.mine?.score ?? 0;
}

test('a viewer sends a gift: the animation plays, the balance drops, the chat shows it', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(context, viewer);
  const page = await context.newPage();
  await page.goto(roomPath());
  await expect(page.getByRole('textbox', { name: 'Say something…' })).toBeEnabled();
  const givenBefore = await givenToday();

  await page.getByRole('button', { name: 'Gifts', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Send a gift' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('button', { name: /Rocket/ })).toBeVisible();
  await expect.poll(() => gemsShown(page)).toBeGreaterThan(100);
  const before = await gemsShown(page);
  await page.screenshot({ path: testInfo.outputPath('gift-panel-1366.png') });

  await panel.getByRole('button', { name: /Rocket/ }).click();
  await panel.getByRole('button', { name: '1', exact: true }).click();
  await panel.getByRole('button', { name: 'Send', exact: true }).click();
  // 100 gems for one rocket.
  await expect.poll(() => gemsShown(page)).toBe(before - 100);
  await expect(page.getByText('Rocket ×1 sent').first()).toBeVisible();

  await panel.getByRole('button', { name: 'Close' }).click();
  const layer = page.getByRole('status', { name: 'Gift animations' });
  await expect(layer.locator('svg').first()).toBeVisible();
  await expect(layer).toHaveAttribute('data-gift', 'rocket');
  await page.screenshot({ path: testInfo.outputPath('gift-animation-1366.png') });
  await expect(page.getByRole('list', { name: 'Chat' }).getByText(/Rocket/)).toBeVisible();

  // The backpack tab lists what the viewer holds.
  await page.getByRole('button', { name: 'Gifts', exact: true }).click();
  await panel.getByRole('tab', { name: 'Backpack' }).click();
  await expect(panel.getByRole('tabpanel')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('gift-backpack-1366.png') });
  // The animation is over after its 5 s.
  await expect(layer).toBeHidden({ timeout: 10_000 });
  await panel.getByRole('button', { name: 'Close' }).click();

  // The room's contribution ranking moved: today the viewer has given 100 gems more, and is on today's list.
  await expect.poll(givenToday).toBe(givenBefore + 100_00);
  await page.getByRole('tab', { name: 'Ranking' }).click();
  const ranking = page.getByRole('tabpanel', { name: 'Ranking' });
  await ranking.getByRole('tab', { name: 'Today' }).click();
  await expect(ranking.getByRole('listitem').filter({ hasText: 'Kevin_88' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('gift-room-ranking-1366.png') });
  await context.close();
});

test('a viewer without enough gems is offered the recharge page (Chinese, phone width)', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const poor = await registerThroughApi(api, newPhone('147'));
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN', isMobile: true, hasTouch: true });
  await useSession(context, poor);
  const page = await context.newPage();
  await page.goto(`${roomPath()}?lang=zh-CN`);
  await expect(page.getByRole('textbox').first()).toBeEnabled();

  await page.getByRole('button', { name: '礼物', exact: true }).click();
  const panel = page.getByRole('dialog', { name: '送礼物' });
  await panel.getByRole('button', { name: /火箭/ }).click();
  await panel.getByRole('button', { name: '赠送', exact: true }).click();
  const prompt = panel.getByRole('alert');
  await expect(prompt).toContainText('宝石不足，充值后即可送出该礼物。');
  const recharge = prompt.getByRole('link', { name: '去充值' });
  await expect(recharge).toHaveAttribute('href', /\/user-center\/recharge$/);
  await page.screenshot({ path: testInfo.outputPath('gift-recharge-390-zh.png') });
  // Nothing was spent.
  expect(await gemsShown(page)).toBe(0);
  await context.close();
});

test('visitors are asked to sign in before sending', async ({ page }) => {
  await page.goto(roomPath());
  await page.getByRole('button', { name: 'Gifts', exact: true }).click();
  await expect(page.getByRole('dialog').filter({ hasText: /Log in|Sign in/ })).toBeVisible();
});
