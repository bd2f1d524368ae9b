// The lucky draw (issue 24): a viewer given chances draws, sees the prize (or "try again") from the server, the
// chances go down and the draw is in their history; on a phone in Chinese too; a visitor is asked to sign in.
import { expect, test } from '@playwright/test';
import { newPhone, registerThroughApi, useSession } from './support/api-session';
import { runOps } from './support/e2e-server';

test('a visitor is asked to sign in to draw', async ({ page }) => {
  await page.goto('/lottery');
  await expect(page.getByRole('heading', { name: 'Lucky draw' })).toBeVisible();
  await expect(page.getByText('Sign in to draw')).toBeVisible();
});

test('a viewer with two chances draws twice, on a desktop and on a phone in Chinese', async ({ browser, playwright, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const api = await playwright.request.newContext({ baseURL });
  const phone = newPhone('134');
  const viewer = await registerThroughApi(api, phone);
  await api.dispose();
  runOps('lottery:chances', phone, '2', '--key', `e2e-lottery-${phone}`);

  const desktop = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await useSession(desktop, viewer);
  const page = await desktop.newPage();
  await page.goto('/lottery');
  await expect(page.getByText('2 chances')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Try again' })).toContainText('% chance');
  await page.getByRole('button', { name: 'Draw', exact: true }).click();
  const result = page.getByRole('status').filter({ hasText: /^You won: |^No prize this time/ });
  await expect(result).toBeVisible();
  await expect(page.getByText('1 chance', { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'Your draws' }).getByRole('listitem');
  await expect(history).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('lottery-desktop.png'), fullPage: true });
  await desktop.close();

  const mobile = await browser.newContext({ viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  await useSession(mobile, viewer);
  const phonePage = await mobile.newPage();
  await phonePage.goto('/lottery?lang=zh-CN');
  await expect(phonePage.getByText('剩余 1 次机会')).toBeVisible();
  await phonePage.getByRole('button', { name: '抽奖', exact: true }).click();
  await expect(phonePage.getByRole('status').filter({ hasText: /^恭喜获得：|^很遗憾没有中奖/ })).toBeVisible();
  await expect(phonePage.getByText('剩余 0 次机会')).toBeVisible();
  await expect(phonePage.getByRole('button', { name: '抽奖', exact: true })).toBeDisabled();
  await expect(phonePage.getByRole('link', { name: '去签到' })).toBeVisible();
  await phonePage.screenshot({ path: testInfo.outputPath('lottery-phone-zh.png'), fullPage: true });
  await mobile.close();
});
