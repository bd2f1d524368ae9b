// The site shell as a visitor meets it: header tabs and their switches per brand, search, language,
// and the maintenance notice an operator sets from the command line or the console.
import { expect, test, type Page } from '@playwright/test';
import zhAdmin from '../../messages/zh-CN/admin.json';
import { signInToConsole } from './pages/console-sign-in';
import { e2ePort, runOps } from './support/e2e-server';

const tabNames = (page: Page) => page.getByRole('navigation', { name: /Main|主导航/ }).locator('ul').first().getByRole('link');

test('the header shows every tab in spec order, with the brand’s switches applied', async ({ page }) => {
  await page.goto('/home');
  await expect(tabNames(page)).toHaveText(['Home', 'Live', 'Schedule', 'News', 'Activities', 'Mall', 'Notices', 'Replays', 'World Cup', 'Messages', 'Live preview']);
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: /Games/ })).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: 'Tickets' })).toBeVisible();

  // The second brand turns the games link off (demo config), keeps the World Cup tab and speaks Chinese.
  await page.goto(`http://zh.localhost:${e2ePort}/home`);
  await expect(tabNames(page)).toHaveText(['首页', '直播', '赛程', '资讯', '活动', '商城', '公告', '直播回放', '世界杯', '私信', '直播预告']);
  await page.getByRole('link', { name: '世界杯', exact: true }).click();
  await expect(page).toHaveURL(/\/worldCup$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('世界杯');
  await expect(page.getByRole('link', { name: /游戏/ })).toHaveCount(0);
});

test('a tab takes the visitor to its page', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('link', { name: 'Schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('link', { name: 'Schedule' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveTitle(/SportCast/);
});

test('search says below the field what is wrong with a keyword, takes English team names, and searches', async ({ page }) => {
  await page.goto('/home');
  const search = page.getByRole('searchbox', { name: 'Search anchors and live rooms' });
  const hint = page.getByRole('search').getByRole('status');
  await search.press('Enter');
  await expect(hint).toHaveText('Please enter a keyword to search.');
  // Ten characters when the keyword has Chinese in it, as the spec means; the message stays while it is over.
  await search.fill('阿根廷对阵法国世界杯决赛');
  await expect(hint).toHaveText('Search keywords can be at most 10 characters.');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expect(hint).toBeVisible();
  await search.fill('United States');
  await expect(hint).toBeHidden();
  await search.press('Enter');
  await expect(page).toHaveURL(/\/keysearch\?keyword=United%20States$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('United States');
});

test('the language switch changes the whole page and is remembered', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: '中' }).click();
  await expect(page.getByRole('link', { name: '首页' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.reload();
  await expect(page.getByRole('link', { name: '赛程' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('zh-CN');
  await page.getByRole('group', { name: '语言' }).getByRole('button', { name: 'EN' }).click();
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
});

test.describe('maintenance notice', () => {
  test.afterEach(() => {
    runOps('maintenance:clear');
  });

  test('a reminder can be acknowledged and stays away after a reload', async ({ page }) => {
    runOps('maintenance:set', '--title-en', 'Planned upgrade', '--content-en', 'Video servers are being upgraded.', '--remind', '-1', '--start', '+30', '--end', '+90');
    await page.goto('/home');
    const dialog = page.getByRole('dialog', { name: 'Planned upgrade' });
    // The notice comes with the first poll, a few seconds after load.
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toContainText('Video servers are being upgraded.');
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
    // The first poll waits until start-up is over (components/shell/after-start-up.ts): the answer must be in
    // before "no dialog" means anything.
    const polled = page.waitForResponse((response) => response.url().endsWith('/api/maintain'), { timeout: 20_000 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await polled;
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('in Chinese at phone width, an operator announces maintenance in the console, a visitor is reminded, and the operator clears it', async ({ browser }, testInfo) => {
    const t = zhAdmin.maintenance;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const operator = await context.newPage();
    await signInToConsole(operator, '18800000005', 'zh-CN', zhAdmin as never);
    await operator.getByRole('navigation', { name: zhAdmin.nav.label }).getByRole('link', { name: zhAdmin.nav.maintenance }).click();
    await expect(operator.getByRole('heading', { level: 1, name: t.heading })).toBeVisible();
    await expect(operator.getByTestId('maintenance-current')).toHaveText(t.none);

    // Times as the form takes them, in UTC: a reminder from now, the work in half an hour for an hour.
    const utc = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString().slice(0, 16);
    const form = operator.getByRole('region', { name: t.announceHeading });
    await form.getByLabel(t.titleEn).fill('Planned upgrade');
    await form.getByLabel(t.titleZh).fill('系统升级');
    await form.getByLabel(t.contentEn).fill('Video servers are being upgraded.');
    await form.getByLabel(t.contentZh).fill('视频服务器升级中。');
    await form.getByLabel(t.startsAt).fill(utc(30));
    await form.getByLabel(t.endsAt).fill(utc(90));
    await form.getByLabel(t.remindAt).fill(utc(-1));
    await form.getByRole('button', { name: t.announce }).click();
    await expect(form.getByRole('status')).toHaveText(t.announced);
    await expect(operator.getByTestId('maintenance-current')).toContainText('系统升级');
    await operator.screenshot({ path: testInfo.outputPath('console-maintenance-390-zh.png'), fullPage: true });

    const visitor = await browser.newPage();
    await visitor.goto(`http://zh.localhost:${e2ePort}/home`);
    const notice = visitor.getByRole('dialog', { name: '系统升级' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText('视频服务器升级中。');

    operator.once('dialog', (dialog) => void dialog.accept());
    await operator.getByRole('button', { name: t.clear }).click();
    await expect(operator.getByTestId('maintenance-current')).toHaveText(t.none);
    await visitor.close();
    await context.close();
  });

  test('during maintenance the notice cannot be closed', async ({ page }) => {
    runOps('maintenance:set', '--title-en', 'Upgrading now', '--content-en', 'Back in an hour.', '--start', '-1', '--end', '+60');
    await page.goto('/home');
    const dialog = page.getByRole('dialog', { name: 'Upgrading now' });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('button')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
  });
});
