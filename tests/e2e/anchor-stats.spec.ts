// The anchor centre's figures (docs/anchor-stats.md): an anchor with the centre open sees today's diamond income
// move after a fan's gift, without reloading (the rollup job and the card's refresh), and the day's bar with it; in
// Chinese on 球吧 at phone width the new-follower figure counts a follow. Screens at 1366 and 390 px.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { newPhone, registerThroughApi, signInThroughApi, useSession, type ApiSession } from './support/api-session';
import { e2ePort, runOps } from './support/e2e-server';
import { callAs } from './support/live-viewing';

test.describe.configure({ timeout: 180_000 });

const zhOrigin = `http://zh.localhost:${e2ePort}`;
let api: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
});
test.afterAll(async () => {
  await api.dispose();
});

async function anchorAccount(): Promise<ApiSession> {
  const phone = newPhone('136');
  const session = await registerThroughApi(api, phone);
  expect(runOps('user:role', phone, 'anchor')).toContain('→ anchor');
  return session;
}

test('an anchor sees today’s income chart move after a gift', async ({ browser }, testInfo) => {
  // Demo accounts (docs/accounts.md): Coach Li and Kevin_88, who are on the seeded talent lists already, so this
  // gift adds no name to them (ranking.spec counts the names).
  const anchor = await signInThroughApi(api, '18800000003');
  const fan = await signInThroughApi(api, '18800000001');
  // Gifts need an open live; no stream is needed to receive them.
  const status = await callAs<{ is_live: number }>(api, anchor, '/api/user/checkAnchorStatus');
  if (status.is_live !== 1) await callAs(api, anchor, '/webapi/live/startLive', { title: 'Stats night', category: 2, cateid: 201 });

  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(context, anchor);
  const page = await context.newPage();
  await page.goto('/user-center/center-anchor');
  const card = page.getByTestId('anchor-stats');
  await expect(card.getByRole('heading', { name: 'Income and audience' })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('tab', { name: 'Gifts · diamonds' })).toHaveAttribute('aria-selected', 'true');
  const today = card.getByTestId('anchor-stats-today');
  await expect(today).toHaveText(/^\d/);
  // Other journeys may have sent Coach Li gifts today: the figure is read before this one.
  const shownNumber = async () => Number((await today.textContent())?.replace(/[^\d.]/g, ''));
  const before = await shownNumber();
  const chart = card.getByRole('img', { name: 'Gifts · diamonds by day, last 14 days' });
  await expect(chart.locator('canvas')).toBeVisible();
  const barBefore = Number(await chart.getAttribute('data-today'));

  const trophy = (await callAs<{ list: { id: number; animation: string; price: number }[] }>(api, fan, '/api/gift/list', { anchor_id: anchor.id })).list.find((gift) => gift.animation === 'trophy');
  expect(trophy).toBeDefined();
  await callAs(api, fan, '/api/gift/send', { anchor_id: anchor.id, gift_id: trophy?.id, count: 1, idempotency_key: crypto.randomUUID() });

  // The card reads the rollup again by itself: today's figure and bar grow by the anchor's share.
  await expect.poll(shownNumber, { timeout: 60_000 }).toBeGreaterThan(before);
  const shown = await shownNumber();
  expect(Number(await chart.getAttribute('data-today'))).toBeGreaterThan(barBefore);

  // Another period keeps today's figure.
  await card.getByRole('tab', { name: '7 days' }).click();
  await expect(card.getByRole('img', { name: 'Gifts · diamonds by day, last 7 days' })).toBeVisible();
  await expect.poll(shownNumber).toBeGreaterThanOrEqual(shown);

  for (const [label, width, height] of [['1366', 1366, 860], ['390', 390, 844]] as const) {
    await page.setViewportSize({ width, height });
    await card.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await card.screenshot({ path: testInfo.outputPath(`anchor-stats-${label}.png`) });
  }
  await context.close();
});

test('球吧: on a phone in Chinese, a new follower shows in today’s figure', async ({ browser }) => {
  const anchor = await anchorAccount();
  const fan = await registerThroughApi(api, newPhone('136'));
  const context = await browser.newContext({ baseURL: zhOrigin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await useSession(context, anchor);
  const page = await context.newPage();
  await page.goto('/user-center/center-anchor');
  const card = page.getByTestId('anchor-stats');
  await expect(card.getByRole('heading', { name: '收入与观众' })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('tab', { name: '新增关注' }).click();
  await expect(card.getByTestId('anchor-stats-today')).toHaveText('0');
  await callAs(api, fan, '/api/anchor/attentAnchor', { anchorid: anchor.id });
  await expect(card.getByTestId('anchor-stats-today')).toHaveText('1', { timeout: 60_000 });
  const overflow = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});
