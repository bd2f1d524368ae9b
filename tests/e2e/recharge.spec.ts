// Recharge in the sandbox (issue 21, docs/recharge.md): a viewer picks a package, pays on the sandbox's hosted checkout,
// comes back to the records with the order paid, and sees the gems on My wallet, which also refreshes when its tab
// comes back into view. A failed payment shows as failed. The Chinese brand prices in yuan, at phone width.
// Screens of each page are kept (test-results, not committed).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { newPhone, registerThroughApi, useSession, type ApiSession } from './support/api-session';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const phone = { width: 390, height: 844 };
let api: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
});

test.afterAll(() => api.dispose());

/** From the recharge page through the sandbox checkout, ending with `outcome`; returns the order id. */
/** A whole-page screen from the top, where the sticky header belongs. */
async function screen(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path, fullPage: true });
}

async function rechargeThroughSandbox(page: Page, packagePrice: string, payLabel: string, outcomeButton: string | RegExp): Promise<number> {
  await page.getByText(packagePrice, { exact: true }).click();
  await page.getByRole('button', { name: payLabel }).click();
  await page.waitForURL(/\/pay\/sandbox\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('button', { name: outcomeButton }).click();
  await page.waitForURL(new RegExp(`/user-center/rechargeHistory\\?order=${orderId}$`));
  return orderId;
}

test('a viewer recharges in the sandbox: the order is paid, the gems are in the wallet, and a wallet tab refreshes when shown again', async ({ browser }, testInfo) => {
  const viewer: ApiSession = await registerThroughApi(api, newPhone('136'));
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await useSession(context, viewer);

  // A wallet left open in another tab.
  const walletTab = await context.newPage();
  await walletTab.goto('/user-center/myWallet');
  await expect(walletTab.locator('[data-balance="gems"]')).toHaveText('0');
  await expect(walletTab.getByRole('tab', { name: 'Income' })).toHaveAttribute('aria-selected', 'true');
  await expect(walletTab.getByText('No income yet')).toBeVisible();

  const page = await context.newPage();
  await page.goto('/user-center/recharge');
  await expect(page.getByRole('heading', { level: 1, name: 'Recharge' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Choose a package' }).getByRole('radio')).toHaveCount(6);
  // The seeded ladder's third rung: $9.99 for 1,000 gems and 80 more as a bonus.
  await expect(page.getByText('+80 bonus')).toBeVisible();
  await page.getByText('$9.99', { exact: true }).click();
  await expect(page.getByText('You get 1,080 gems')).toBeVisible();
  await screen(page, testInfo.outputPath('recharge-en.png'));

  await page.getByRole('button', { name: 'Pay $9.99' }).click();
  await page.waitForURL(/\/pay\/sandbox\/\d+$/);
  const orderId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByText('1,080 gems')).toBeVisible();
  await expect(page.getByText(String(orderId), { exact: true })).toBeVisible();
  await screen(page, testInfo.outputPath('sandbox-checkout-en.png'));
  await page.getByRole('button', { name: 'Pay $9.99' }).click();

  await page.waitForURL(new RegExp(`/user-center/rechargeHistory\\?order=${orderId}$`));
  await expect(page.getByRole('status').filter({ hasText: 'Payment received: 1,080 gems were added to your wallet.' })).toBeVisible();
  const row = page.locator(`[data-order="${orderId}"]`);
  await expect(row).toContainText('1,080 gems');
  await expect(row).toContainText('$9.99');
  await expect(row.locator('[data-status="paid"]')).toHaveText('Paid');
  await screen(page, testInfo.outputPath('recharge-history-en.png'));

  // The other tab comes back into view and reads its balances again.
  await walletTab.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
  await expect(walletTab.locator('[data-balance="gems"]')).toHaveText('1,080');
  await expect(walletTab.locator('[data-entry]').first()).toContainText('Recharge');
  await expect(walletTab.locator('[data-entry]').first()).toContainText('+1,080 gems');
  await walletTab.getByRole('tab', { name: 'Consumption' }).click();
  await expect(walletTab.getByText('No spending yet')).toBeVisible();
  await walletTab.getByRole('tab', { name: 'Income' }).click();
  await screen(walletTab, testInfo.outputPath('my-wallet-en.png'));

  // A checkout already paid cannot be paid again.
  await page.goto(`/pay/sandbox/${orderId}`);
  await expect(page.getByText('This order is no longer waiting for payment.')).toBeVisible();
  await context.close();
});

test('a failed payment shows as failed and adds nothing', async ({ browser }) => {
  const viewer = await registerThroughApi(api, newPhone('136'));
  const context = await browser.newContext();
  await useSession(context, viewer);
  const page = await context.newPage();
  await page.goto('/user-center/recharge');
  const orderId = await rechargeThroughSandbox(page, '$0.99', 'Pay $0.99', 'Fail the payment');
  await expect(page.getByRole('status').filter({ hasText: 'The payment failed. Nothing was charged.' })).toBeVisible();
  await expect(page.locator(`[data-order="${orderId}"] [data-status="failed"]`)).toHaveText('Failed');
  await page.goto('/user-center/myWallet');
  await expect(page.locator('[data-balance="gems"]')).toHaveText('0');
  await context.close();
});

test('on the Chinese brand at phone width, packages are in yuan and the recharge lands in the wallet', async ({ browser, baseURL }, testInfo) => {
  const origin = baseURL!.replace('localhost', 'zh.localhost');
  const viewer = await registerThroughApi(api, newPhone('136'));
  const context = await browser.newContext({ viewport: phone, locale: 'zh-CN' });
  await useSession(context, viewer);
  const page = await context.newPage();
  await page.goto(`${origin}/user-center/recharge`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '充值' })).toBeVisible();
  await expect(page.getByText('赠送 50')).toBeVisible();
  await page.getByText('¥68.00', { exact: true }).click();
  await expect(page.getByText('可获得 730 宝石')).toBeVisible();
  await screen(page, testInfo.outputPath('recharge-zh-390.png'));
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

  await page.getByRole('button', { name: '支付 ¥68.00' }).click();
  await page.waitForURL(/\/pay\/sandbox\/\d+$/);
  await expect(page.getByRole('heading', { name: '测试收银台' })).toBeVisible();
  await expect(page.getByText('730 宝石')).toBeVisible();
  await screen(page, testInfo.outputPath('sandbox-checkout-zh-390.png'));
  await page.getByRole('button', { name: '支付 ¥68.00' }).click();
  await page.waitForURL(/\/user-center\/rechargeHistory\?order=\d+$/);
  await expect(page.getByRole('status').filter({ hasText: '支付成功：730 宝石已到账。' })).toBeVisible();
  await expect(page.locator('[data-order] [data-status="paid"]').first()).toHaveText('已支付');
  await screen(page, testInfo.outputPath('recharge-history-zh-390.png'));

  await page.goto(`${origin}/user-center/myWallet`);
  await expect(page.locator('[data-balance="gems"]')).toHaveText('730');
  await expect(page.locator('[data-entry]').first()).toContainText('充值');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  await screen(page, testInfo.outputPath('my-wallet-zh-390.png'));
  await context.close();
});
