// Daily check-in (issue 24; spec §2.3 check-in button, §2.4 item 7, §4 the dialog, §5 login first): a visitor pressing
// check-in gets the login dialog; a new viewer checks in from the header's dialog, sees day 1's rewards and finds them
// in the wallet; the dialog opens by itself once a day (dialog_daily_times); /user-center/checkin at phone width in
// both languages shows the week, the month with the missed day to fill, and the history.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CheckinDialog } from './pages/checkin-dialog';
import { LoginDialog } from './pages/login-dialog';
import { UserCard } from './pages/user-card';
import { newPhone, registerThroughApi, useSession } from './support/api-session';
import { e2ePort, runOps } from './support/e2e-server';
import { callAs } from './support/live-viewing';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
});

test.afterAll(async () => {
  await api.dispose();
});

/** The viewport for a dialog; the whole page for a page. */
async function screenshot(page: Page, testInfo: { outputPath: (name: string) => string }, name: string, of: 'viewport' | 'page' = 'viewport'): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  // A tall viewport of the same width shows the whole page without stitching (the sticky header stays on top).
  if (of === 'page') await page.setViewportSize({ width: page.viewportSize()?.width ?? 412, height: await page.evaluate(() => document.documentElement.scrollHeight) });
  await page.screenshot({ path });
}

test('a visitor pressing check-in gets the login dialog', async ({ page }) => {
  await page.goto('/home');
  const checkin = new CheckinDialog(page);
  await checkin.headerButton().click();
  const login = new LoginDialog(page);
  await expect(login.dialog).toBeVisible();
  await expect(login.title()).toHaveText('Log in with a code');
  await expect(checkin.dialog).toHaveCount(0);
});

test('a new viewer checks in from the header dialog and finds the reward in the wallet', async ({ browser }, testInfo) => {
  const session = await registerThroughApi(api, newPhone('136'));
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await useSession(context, session);
  const page = await context.newPage();
  await page.goto('/user-center/myWallet');
  await expect(page.locator('main [data-balance="diamonds"]')).toHaveText('0');

  const checkin = new CheckinDialog(page);
  await checkin.open();
  await expect(checkin.dialog).toContainText('No streak yet');
  await expect(checkin.days()).toHaveCount(7);
  await expect(checkin.days().first()).toHaveAccessibleName('Day 1: Experience +10, Diamonds +1');
  await expect(checkin.days().last()).toHaveAccessibleName('Day 7: Experience +50, Diamonds +10, Lottery chance +1');
  await screenshot(page, testInfo, 'dialog-before');

  await checkin.checkInButton().click();
  await expect(checkin.dialog.getByText('Checked in', { exact: true })).toBeVisible();
  await expect(checkin.dialog.getByRole('list', { name: 'You got' })).toContainText('Diamonds+1');
  await expect(checkin.dialog).toContainText('1 day in a row');
  await expect(checkin.days().first()).toHaveAccessibleName(/^Day 1, Checked:/);
  await expect(checkin.dialog.getByRole('link', { name: 'My check-ins' })).toHaveAttribute('href', '/user-center/checkin');
  await screenshot(page, testInfo, 'dialog-after');

  // The wallet follows at once: the header's card from the reply, the wallet page from the server.
  await checkin.close().click();
  await expect(checkin.dialog).toHaveCount(0);
  const card = await new UserCard(page).open();
  await expect(card.locator('[data-balance="diamonds"]')).toHaveText('1');
  await page.keyboard.press('Escape');
  await page.reload();
  await expect(page.locator('main [data-balance="diamonds"]')).toHaveText('1');
  expect((await callAs<{ gold: number }>(api, session, '/api/user/getUserInfo')).gold).toBe(100);

  // Pressed again the same day: status 3, already checked in.
  await checkin.headerButton().click();
  await expect(checkin.dialog.getByText('You have already checked in today')).toBeVisible();
  await expect(checkin.checkInButton()).toHaveCount(0);
  await context.close();
});

test('the dialog opens by itself on the first page of the day, dialog_daily_times times', async ({ browser }) => {
  test.setTimeout(90_000);
  runOps('config:set', 'dialog_daily_times', '1');
  try {
    // Servers apply a config change within 10 s.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const session = await registerThroughApi(api, newPhone('136'));
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await useSession(context, session);
    const page = await context.newPage();
    await page.goto('/user-center/index');
    const checkin = new CheckinDialog(page);
    await expect(checkin.dialog).toBeVisible();
    await expect(checkin.checkInButton()).toBeVisible();
    await checkin.close().click();
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Check in' })).toBeVisible();
    await page.waitForTimeout(1500);
    await expect(checkin.dialog).toHaveCount(0);
    await context.close();
  } finally {
    runOps('config:set', 'dialog_daily_times', '0');
    await new Promise((resolve) => setTimeout(resolve, 11_000));
  }
});

test('球吧 with a week of its own: its viewer sees and gets its rewards, the main brand keeps the default', async ({ browser }) => {
  // Day 1 on 球吧: 30 experience and 5.00 diamonds, against the default's 10 and 1.00.
  expect(runOps('checkin:day', '1', '0:30', '1:500', '--brand', 'qiuba')).toContain('qiuba');
  try {
    const session = await registerThroughApi(api, newPhone('136'));
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    await useSession(context, session);
    const page = await context.newPage();
    await page.goto(`http://zh.localhost:${e2ePort}/home`);
    const checkin = new CheckinDialog(page);
    await checkin.open();
    await expect(checkin.days().first()).toHaveAccessibleName('第1天: 经验 +30, 钻石 +5');
    await checkin.checkInButton().click();
    await expect(checkin.dialog.getByText('签到成功', { exact: true })).toBeVisible();
    await expect(checkin.dialog.getByRole('list', { name: '获得' })).toContainText('钻石+5');
    expect((await callAs<{ gold: number }>(api, session, '/api/user/getUserInfo')).gold).toBe(500);

    // The same moment on the main brand: the default week, and today already taken (one check-in a day per account).
    await page.goto('/home');
    await checkin.open();
    await expect(checkin.days().first()).toHaveAccessibleName(/^Day 1, Checked:/);
    await expect(checkin.days().nth(1)).toHaveAccessibleName('Day 2: Experience +10, Diamonds +2');
    await expect(checkin.dialog.getByText('You have already checked in today')).toBeVisible();
    await context.close();
  } finally {
    expect(runOps('checkin:rewards', '--brand', 'qiuba', '--reset')).toContain('qiuba');
  }
});

for (const locale of ['en-US', 'zh-CN'] as const) {
  test(`the check-in page at phone width in ${locale}: the week, the month with a missed day to fill, the history`, async ({ browser }, testInfo) => {
    const phone = newPhone('136');
    const session = await registerThroughApi(api, phone);
    runOps('wallet:grant', phone, 'gold', '2000', '--key', `e2e-checkin-${phone}`);
    const context = await browser.newContext({ viewport: { width: 412, height: 915 }, locale, isMobile: true, hasTouch: true });
    await useSession(context, session);
    const page = await context.newPage();
    await page.goto(`/user-center/checkin?lang=${locale}`);
    const zh = locale === 'zh-CN';
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh ? '每日签到' : 'Daily check-in');
    // On a phone the header's check-in sits in the folded actions menu; its dialog still shows over the page.
    await page.getByRole('banner').getByRole('button', { name: zh ? '更多操作' : 'More actions' }).click();
    const dialog = new CheckinDialog(page);
    await dialog.headerButton().click();
    await expect(dialog.dialog).toBeVisible();
    await expect(dialog.checkInButton()).toBeInViewport();
    await screenshot(page, testInfo, `dialog-phone-${locale}`);
    await dialog.close().click();
    await expect(dialog.dialog).toHaveCount(0);
    await page.getByRole('button', { name: zh ? '立即签到' : 'Check in', exact: true }).click();
    await expect(page.getByText(zh ? '今天已签到' : 'You have already checked in today')).toBeVisible();
    const history = page.getByRole('region', { name: zh ? '签到记录' : 'History' });
    await expect(history.getByRole('listitem')).toHaveCount(1);
    await expect(history.getByRole('listitem')).toContainText(zh ? '第1天' : 'Day 1');

    const missed = page.getByRole('gridcell').getByRole('button');
    if ((await missed.count()) > 0) {
      // A missed day of this month (there is none on the 1st): fill it, and the calendar and history show it.
      await missed.last().click();
      await page.getByRole('button', { name: zh ? /^花 5 钻石补签/ : /^Check in .* for 5 diamonds$/ }).click();
      await expect(page.getByRole('gridcell').locator('[data-state="retroactive"]')).toHaveCount(1);
      await expect(history.getByRole('listitem')).toHaveCount(2);
      // 20.00 granted, 1.00 for checking in, 5.00 for the retroactive day.
      await expect.poll(async () => (await callAs<{ gold: number }>(api, session, '/api/user/getUserInfo')).gold).toBe(1_600);
    }
    // The shot without the toasts (1.5 s each, spec §2.4 item 8) or a focus ring.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.waitForTimeout(1600);
    await screenshot(page, testInfo, `checkin-page-${locale}`, 'page');
    // Nothing overflows the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
    await context.close();
  });
}
