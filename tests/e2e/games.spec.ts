// The games hub (issue 24): a visitor finds the games and is asked to sign in to play; a viewer with diamonds
// guesses the dice on a desktop in English and sees the roll, the balance and the daily limit move and the play in
// the history; a viewer with a lottery chance rolls on the board on a phone in Chinese; a brand with the games off
// says they are closed.
import { expect, test } from '@playwright/test';
import { newPhone, registerThroughApi, useSession } from './support/api-session';
import { e2ePort, runOps } from './support/e2e-server';

test('a visitor opens the hub, a game’s rules and odds, and is asked to sign in to play', async ({ page }, testInfo) => {
  await page.goto('/game');
  await expect(page.getByRole('heading', { name: 'Games', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lucky board' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('games-hub.png'), fullPage: true });
  await page.getByRole('link', { name: 'Play: Big or small', exact: true }).click();
  await expect(page).toHaveURL(/\/gameDetail\/big-small$/);
  await expect(page.getByRole('heading', { name: 'Big or small', level: 1 })).toBeVisible();
  await expect(page.getByText('Sign in to play')).toBeVisible();
  const rules = page.getByRole('region', { name: 'Rules and odds' });
  await expect(rules.getByRole('listitem').filter({ hasText: 'Total 4' })).toContainText('pays ×68.40');
  await expect(rules.getByRole('listitem').filter({ hasText: 'Big' })).toContainText('48.61% chance');
  const missing = await page.goto('/gameDetail/no-such-game');
  expect(missing?.status()).toBe(404);
});

test('a viewer guesses the dice on a desktop: the roll, the balance, the daily limit and the history', async ({ browser, playwright, baseURL }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const phone = newPhone('135');
  const viewer = await registerThroughApi(api, phone);
  await api.dispose();
  runOps('wallet:grant', phone, 'gold', '10000', '--key', `e2e-games-${phone}`);

  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await useSession(context, viewer);
  const page = await context.newPage();
  await page.goto('/sieve');
  await expect(page.getByRole('heading', { name: 'Big or small', level: 1 })).toBeVisible();
  await expect(page.getByText('Balance: 100 diamonds')).toBeVisible();
  await expect(page.getByText('You can lose 500 more diamonds today (limit 500)')).toBeVisible();
  await page.getByRole('button', { name: /^Small/ }).click();
  await expect(page.getByRole('button', { name: /^Small/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Stake (diamonds)').fill('5');
  await page.getByRole('button', { name: 'Roll the dice' }).click();
  const result = page.getByRole('status').filter({ hasText: /^Rolled / });
  await expect(result).toBeVisible();
  await expect(result).toContainText(/You won 10 diamonds|No win this time/);
  const won = (await result.textContent())?.includes('You won') ?? false;
  await expect(page.getByText(`Balance: ${won ? 105 : 95} diamonds`)).toBeVisible();
  await expect(page.getByText(`You can lose ${won ? 505 : 495} more diamonds today (limit 500)`)).toBeVisible();
  const history = page.getByRole('region', { name: 'Your plays' }).getByRole('listitem');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(won ? '+5' : '-5');

  // A stake outside the table's bounds is caught before it is sent.
  await page.getByLabel('Stake (diamonds)').fill('500');
  await expect(page.getByText('This table takes stakes from 1 to 200 diamonds.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Roll the dice' })).toBeDisabled();
  await page.screenshot({ path: testInfo.outputPath('games-dice-desktop.png'), fullPage: true });

  // The board at desktop width: the token on Start, the return from there, a roll paid with diamonds.
  await page.goto('/monopoly');
  const board = page.getByRole('region', { name: 'Lucky board' });
  await expect(board.locator('li[aria-current="location"]')).toHaveAttribute('aria-label', 'Square 1: ×1 · You are here');
  await expect(board.getByText(/^From your square, a roll returns \d+(\.\d)?% of the stake on average\.$/)).toBeVisible();
  await board.getByRole('button', { name: /^Diamonds/ }).click();
  await board.getByRole('button', { name: 'Roll the die' }).click();
  await expect(board.getByRole('status').filter({ hasText: /^Rolled \d: from square 1 to square \d/ })).toBeVisible();
  await board.screenshot({ path: testInfo.outputPath('games-board-desktop.png') });
  await context.close();
});

test('a viewer rolls on the board with a lottery chance, on a phone in Chinese', async ({ browser, playwright, baseURL }, testInfo) => {
  const api = await playwright.request.newContext({ baseURL });
  const phone = newPhone('136');
  const viewer = await registerThroughApi(api, phone);
  await api.dispose();
  runOps('lottery:chances', phone, '1', '--key', `e2e-games-board-${phone}`);

  const context = await browser.newContext({ viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  await useSession(context, viewer);
  const page = await context.newPage();
  await page.goto('/monopoly?lang=zh-CN');
  await expect(page.getByRole('heading', { name: '幸运大富翁', level: 1 })).toBeVisible();
  await expect(page.locator('li[aria-current="location"]')).toHaveAttribute('aria-label', /^第 1 格：×1 · 您在这里$/);
  await expect(page.getByRole('button', { name: /^抽奖机会/ })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: '掷骰子' }).click();
  const result = page.getByRole('status').filter({ hasText: /^掷出 / });
  await expect(result).toBeVisible();
  const to = Number(/到第 (\d+) 格/.exec((await result.textContent()) ?? '')?.[1]);
  expect(to).toBeGreaterThanOrEqual(2);
  expect(to).toBeLessThanOrEqual(7);
  await expect(page.locator('li[aria-current="location"]')).toHaveAttribute('aria-label', new RegExp(`^第 ${to} 格：`));
  // The chance is spent; square 6 is a lottery chance, which gives one back.
  await expect(page.getByRole('button', { name: /^抽奖机会/ })).toContainText(to === 6 ? '1 次抽奖机会' : '没有抽奖机会');
  await expect(page.getByRole('region', { name: '我的游戏记录' }).getByRole('listitem')).toHaveCount(1);
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await page.screenshot({ path: testInfo.outputPath('games-board-phone-zh.png'), fullPage: true });
  await page.getByRole('region', { name: '幸运大富翁' }).screenshot({ path: testInfo.outputPath('games-board-phone-zh-table.png') });
  await context.close();
});

test('a brand with the games off says they are closed', async ({ page }) => {
  await page.goto(`http://zh.localhost:${e2ePort}/game`);
  await expect(page.getByText('游戏暂未开放')).toBeVisible();
  await page.goto(`http://zh.localhost:${e2ePort}/sieve`);
  await expect(page.getByText('游戏暂未开放')).toBeVisible();
});
