// The mall on a phone, in Chinese: a viewer buys a colourful bubble (confirm dialog, success notice, the count on
// the card goes up), opens a live room, picks the bubble in the props picker, sends a line that shows in its colour,
// and the picker's count goes down by one. Screens of the mall and the dialog are kept (test-results).
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi, useSession } from './support/api-session';

// Demo accounts (docs/accounts.md): Kevin_88 holds gems and a few starter props; Coach Li's room.
const viewerPhone = '18800000001';
const anchorRoom = '/liveMatchesTwo/10000003';
const phone = { width: 390, height: 844 };

/** The number a "held" badge shows; 0 when the card shows none. */
async function heldOn(page: Page, selector: string): Promise<number> {
  const badge = page.locator(selector);
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.first().getAttribute('data-held'));
}

test('a viewer buys a colourful bubble in the mall and spends it in a live room’s chat', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? 'http://localhost:3413';
  const context = await browser.newContext({ viewport: phone, isMobile: true, hasTouch: true });
  await useSession(context, await signInThroughApi(context.request, viewerPhone, origin));
  const page = await context.newPage();

  await page.goto('/mall?lang=zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '商城' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '道具' })).toHaveAttribute('aria-selected', 'true');
  const card = page.locator('li[data-icon="bubble3"]');
  await expect(card.getByRole('heading', { name: '晚霞气泡' })).toBeVisible();
  await expect(card).toContainText('2 宝石');
  // The backpack arrives after the page: wait for the card to know it.
  await expect(card.getByRole('button', { name: '购买' })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  const before = await heldOn(page, 'li[data-icon="bubble3"] [data-held]');
  await page.screenshot({ path: testInfo.outputPath('mall-zh-390.png'), fullPage: true });

  await card.getByRole('button', { name: '购买' }).click();
  const dialog = page.getByRole('dialog', { name: '确认购买' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('晚霞气泡');
  await page.screenshot({ path: testInfo.outputPath('mall-dialog-zh-390.png') });
  await dialog.getByRole('button', { name: /^支付/ }).click();
  await expect(page.getByText(`已购买晚霞气泡，现有 ${before + 1} 个。`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.locator('[data-held]')).toHaveAttribute('data-held', String(before + 1));

  // The VIP tab lists the three ranks.
  await page.getByRole('tab', { name: 'VIP' }).click();
  await expect(page.getByRole('heading', { name: 'VIP 3 · 帝王' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mall-vip-zh-390.png'), fullPage: true });

  await page.goto(`${anchorRoom}?lang=zh-CN`);
  const input = page.getByRole('textbox', { name: '说点什么…' });
  await expect(input).toBeEnabled();
  await page.getByRole('button', { name: '道具', exact: true }).click();
  const sunset = page.getByRole('button', { name: /炫彩气泡 · 晚霞/ });
  await expect(sunset).toContainText(`×${before + 1}`);
  await page.screenshot({ path: testInfo.outputPath('props-picker-zh-390.png') });
  await sunset.click();

  const text = `晚霞 ${Date.now() % 100_000}`;
  await input.fill(text);
  await expect(page.getByRole('button', { name: '发送' })).toBeEnabled();
  await input.press('Enter');
  const line = page.locator('li[data-bubble="3"]').filter({ hasText: text });
  await expect(line).toBeVisible();
  // Sent, not pending: the server took one bubble for it.
  await expect(line).not.toHaveAttribute('data-pending', 'true');
  const background = await line.getByText(text, { exact: true }).evaluate((element) => getComputedStyle(element).backgroundImage);
  expect(background).toContain('linear-gradient');
  await page.screenshot({ path: testInfo.outputPath('bubble-line-zh-390.png') });

  await page.getByRole('button', { name: '道具', exact: true }).click();
  await expect(page.getByRole('button', { name: /炫彩气泡 · 晚霞/ })).toContainText(`×${before}`);

  // In English on a wide screen, the mall shows the same count and the membership.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto('/mall?lang=en-US');
  await expect(page.getByRole('heading', { level: 1, name: 'Mall' })).toBeVisible();
  await expect(page.locator('li[data-icon="bubble3"] [data-held]')).toHaveAttribute('data-held', String(before));
  await expect(page.getByText(/^VIP 1 · until /)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('mall-en-1366.png') });
  await context.close();
});
