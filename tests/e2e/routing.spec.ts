// Spec §2.1 routing as a visitor meets it: root and unknown paths, per brand.
import { expect, test } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3300);

test('the root and unknown paths land on /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/home$/);
});

test('a brand marked for it shows the live-matches page at its root, in its own language', async ({ page }) => {
  await page.goto(`http://zh.localhost:${port}/`);
  await expect(page).toHaveURL(`http://zh.localhost:${port}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('直播');
});
