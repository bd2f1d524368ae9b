// The team pages (spec §2.2 /teamInfo) as a visitor finds them: from the World Cup's group table on a desktop in
// English, on to a result and back through the match page's team link; from search; and the teams directory on a
// phone on 球吧 in Chinese. The replayer runs at 60×, so the journeys ask for what is true at any moment of it.
import { expect, test, type Page } from '@playwright/test';
import { e2ePort } from './support/e2e-server';

async function expectTeamPage(page: Page, name: string, texts: { standing: RegExp; squad: RegExp; forwards: RegExp }) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.standing })).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.squad })).toBeVisible();
  // Line-ups were named before the replay began, so the squad's forwards are listed.
  await expect(page.getByRole('table', { name: texts.forwards })).toBeVisible();
}

test('a visitor opens a team from the World Cup table, a result from its page, and comes back from the match', async ({ page }, testInfo) => {
  await page.goto('/worldCup');
  const groupA = page.getByRole('table').filter({ hasText: 'Netherlands' }).first();
  await groupA.getByRole('link', { name: 'Netherlands' }).click();
  await expect(page).toHaveURL(/\/teamInfo\?id=\d+$/);
  await expectTeamPage(page, 'Netherlands', { standing: /Where they stand/, squad: /^Squad$/, forwards: /Forwards/ });
  await expect(page.getByText('National team · NED')).toBeVisible();
  await expect(page.getByRole('table', { name: /Forwards/ }).getByRole('rowheader', { name: 'Cody Gakpo' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /breadcrumb/i }).getByRole('link', { name: 'All teams' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('team-desktop-en.png'), fullPage: true });

  // Every match the team has played or will play names it; one opens its match page, whose facts link back.
  const results = page.getByRole('region', { name: 'Results' });
  const nextMatches = page.getByRole('region', { name: 'Next matches' });
  const anyMatch = results.getByRole('link').or(nextMatches.getByRole('link')).first();
  await expect(anyMatch).toContainText('Netherlands');
  await anyMatch.click();
  await expect(page).toHaveURL(/\/scheduleDetail\/\d+\/2$/);
  await page.screenshot({ path: testInfo.outputPath('match-page-teams-desktop-en.png') });
  await page.getByRole('link', { name: 'Netherlands', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Netherlands' })).toBeVisible();
});

test('a visitor finds a team by search and opens its page', async ({ page }) => {
  await page.goto('/keysearch?keyword=Argentina');
  await page.getByRole('region', { name: 'Teams' }).getByRole('link', { name: 'Argentina' }).click();
  await expectTeamPage(page, 'Argentina', { standing: /Where they stand/, squad: /^Squad$/, forwards: /Forwards/ });
  await expect(page.getByRole('rowheader', { name: 'Lionel Messi' })).toBeVisible();
});

test('on a phone in Chinese, the directory lists every team and opens a club of the league', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: `http://zh.localhost:${e2ePort}`, viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/teamInfo');
  await expect(page.getByRole('heading', { level: 1, name: '球队' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'A组' })).toBeVisible();
  const league = page.getByRole('region', { name: /英格兰足球超级联赛/ });
  await expect(league.getByRole('link')).toHaveCount(20);
  await page.screenshot({ path: testInfo.outputPath('teams-directory-phone-zh.png'), fullPage: true });
  await league.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/teamInfo\?id=\d+$/);
  await expect(page.getByText(/^俱乐部 · [A-Z]{3}$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: '积分排名' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '战绩' })).toBeVisible();
  // Nothing runs off the side of a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  await page.screenshot({ path: testInfo.outputPath('team-phone-zh.png'), fullPage: true });
  await context.close();
});
