// Spec §2.1 routing as a visitor meets it: the root per brand, and unknown addresses, which answer 404 with a page
// that leads on (spec §2.1 redirects them to /home; docs/match-pages.md says why this does not).
import { expect, test, type Page } from '@playwright/test';
import { e2ePort } from './support/e2e-server';

const port = e2ePort;

test('the root lands on /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
});

/** Every robots directive of the page, as crawlers read them. */
const robots = (page: Page) => page.locator('meta[name="robots"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content') ?? ''));

test('an unknown address answers 404 in the brand’s language, kept out of the index, with the ways on', async ({ page }, testInfo) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page).toHaveTitle('Page not found · SportCast');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  expect((await robots(page)).some((content) => content.includes('noindex'))).toBe(true);
  const onward = page.getByRole('navigation', { name: 'Where to go next' });
  await expect(onward.getByRole('link')).toHaveText(['Home', 'Live', 'Schedule', 'News']);
  await page.screenshot({ path: testInfo.outputPath('not-found-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath('not-found-390.png'), fullPage: true });
  await onward.getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);

  const chinese = await page.goto(`http://zh.localhost:${port}/no/such/page`);
  expect(chinese?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
  await expect(page.getByRole('navigation', { name: '继续浏览' }).getByRole('link')).toHaveText(['首页', '直播', '赛程', '资讯']);
  await page.screenshot({ path: testInfo.outputPath('not-found-zh-390.png'), fullPage: true });
});

test('a brand marked for it shows the live-matches page at its root, in its own language', async ({ page }) => {
  await page.goto(`http://zh.localhost:${port}/`);
  await expect(page).toHaveURL(`http://zh.localhost:${port}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('直播');
});
