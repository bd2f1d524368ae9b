// Spoiler-free mode (issue 27, lib/spoilers.ts) as visitors use it: turned on from the header, it leaves every score,
// table and match report out of the pages (the server's HTML included), a match revealed on its page shows its score
// everywhere from then on, and it turns off again. On a desktop in English on the main brand, and on a phone in Chinese
// on 球吧 with a match report. The opening match (Qatar 0–2 Ecuador, 1001) is over throughout the replay (whose dates
// move with the clock, so the journeys go by the World Cup page rather than a day).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { e2ePort } from './support/e2e-server';

const openingMatch = 1001;
// England v Iran, the second match: over too, and never revealed here.
const secondMatch = 1002;

// A score as the server renders a row's (<span>0</span><span aria-hidden="true">–</span>…) and as the page's payload
// carries one ("score":{"home":0,…, escaped inside the flight data).
const renderedScore = /<span>\d+<\/span><span aria-hidden="true">–<\/span>/;
const scoreInPayload = /score\\*":\{\\*"home\\*":\d/;

async function html(request: APIRequestContext, path: string, cookie: string): Promise<string> {
  const response = await request.get(path, { headers: { cookie } });
  expect(response.status()).toBe(200);
  return response.text();
}

function matchRow(page: Page, matchId: number) {
  return page.locator(`a[href="/scheduleDetail/${matchId}/2"]`).first();
}

test('the server leaves every score out of a spoiler-free page, and only of it', async ({ request }) => {
  // The World Cup page lists every match, the finished ones with their scores.
  const normal = await html(request, '/worldCup', '');
  expect(normal).toMatch(renderedScore);
  expect(normal).toContain('<table');
  const spoilerFree = await html(request, '/worldCup', 'sc_spoilers=on');
  expect(spoilerFree).not.toMatch(renderedScore);
  expect(spoilerFree).not.toMatch(scoreInPayload);
  expect(spoilerFree).toContain('data-testid="hidden-score"');
  // Neither tables nor the bracket until asked, once, by the address.
  expect(spoilerFree).not.toContain('<table');
  expect(spoilerFree).not.toContain('id="bracket"');
  expect(await html(request, '/worldCup?spoilers=show', 'sc_spoilers=on')).toContain('<table');

  // The match page: no score, events or commentary, no structured data.
  const matchPage = await html(request, `/scheduleDetail/${openingMatch}/2`, 'sc_spoilers=on');
  expect(matchPage).toContain('data-testid="spoiler-shield"');
  expect(matchPage).not.toContain('data-testid="match-score"');
  expect(matchPage).not.toContain('Enner Valencia');
  expect(matchPage).not.toContain('"SportsEvent"');
  // Revealed, the same address is the full page.
  const revealed = await html(request, `/scheduleDetail/${openingMatch}/2`, `sc_spoilers=on; sc_revealed=${openingMatch}`);
  expect(revealed).not.toContain('data-testid="spoiler-shield"');
  expect(revealed).toContain('Enner Valencia');
  expect(revealed).toContain('"SportsEvent"');
});

test('a visitor turns spoilers off from the header, reveals one match, and turns the mode off', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/worldCup');
  await expect(matchRow(page, openingMatch)).toContainText(/0\s*–\s*:?\s*2/);

  const spoilerSwitch = page.getByRole('button', { name: 'Spoiler-free mode', exact: true });
  await expect(spoilerSwitch).toHaveAttribute('aria-pressed', 'false');
  await spoilerSwitch.click();
  await expect(spoilerSwitch).toHaveAttribute('aria-pressed', 'true');
  await expect(matchRow(page, openingMatch).getByTestId('hidden-score')).toBeVisible();
  await expect(matchRow(page, openingMatch)).not.toContainText(/\d\s*–/);
  await expect(page.getByRole('heading', { name: 'Tables and results are hidden' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('spoiler-free-world-cup-desktop-en.png') });

  // Its page says what it hides; the visitor chooses to see it.
  await matchRow(page, openingMatch).click();
  await expect(page.getByRole('heading', { name: 'The score is hidden' })).toBeVisible();
  await expect(page.getByTestId('match-score')).toHaveCount(0);
  await expect(page).toHaveTitle(/^Qatar v Ecuador: match centre \(spoiler-free\)/);
  await page.screenshot({ path: testInfo.outputPath('spoiler-free-match-desktop-en.png') });
  await page.getByRole('button', { name: 'Show the score' }).click();
  await expect(page.getByTestId('match-score')).toContainText(/0\s*[–-]\s*:?\s*2/);
  await expect(page.getByRole('heading', { name: 'The score is hidden' })).toHaveCount(0);

  // Back on the World Cup page, that match shows its score and the other results stay hidden, until the visitor
  // asks for this page's tables and results.
  await page.goto('/worldCup');
  await expect(matchRow(page, openingMatch)).toContainText(/0\s*–\s*:?\s*2/);
  await expect(matchRow(page, secondMatch).getByTestId('hidden-score')).toBeVisible();
  await page.getByRole('button', { name: 'Show tables and results' }).click();
  await expect(page).toHaveURL(/spoilers=show/);
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(matchRow(page, secondMatch).getByTestId('hidden-score')).toHaveCount(0);

  // Off again: every score is back.
  await page.goto('/worldCup');
  await page.getByRole('button', { name: 'Spoiler-free mode', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Spoiler-free mode', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('table').first()).toBeVisible();
  await expect(page.getByTestId('hidden-score')).toHaveCount(0);
});

test('on a phone in Chinese, a match report is named by its match only until the visitor reads it', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: `http://zh.localhost:${e2ePort}`, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/news?tag=match-report');
  // The newest match report, asked for as the page would (zh.localhost resolves in the browser only).
  const report = await page.evaluate(async () => {
    const reply = await fetch('/api/news/getNewsList?tag=match-report&size=1');
    return ((await reply.json()) as { data: { list: { title: string; path: string; matchId: number }[] } }).data.list[0];
  });
  expect(report, 'a finished match has its report').toBeTruthy();
  // The replayed World Cup publishes reports as its matches end: the cached list may be a moment behind the API.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(report.title).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await page.getByRole('button', { name: '防剧透模式', exact: true }).click();
  await expect(page.getByRole('button', { name: '防剧透模式', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(report.title)).toHaveCount(0);
  await expect(page.getByRole('link', { name: / vs .+ 赛后战报（防剧透模式已隐藏）$/ }).first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('spoiler-free-news-phone-zh.png'), fullPage: true });

  await page.goto(report.path);
  await expect(page.getByRole('heading', { name: '这篇战报会透露赛果' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/ vs .+ 赛后战报（防剧透模式已隐藏）$/);
  await page.screenshot({ path: testInfo.outputPath('spoiler-free-report-phone-zh.png') });
  await page.getByRole('button', { name: '阅读战报' }).click();
  await expect(page.getByRole('heading', { level: 1, name: report.title })).toBeVisible();
  // Reading the report revealed its match: its page shows the score.
  await page.goto(`/scheduleDetail/${report.matchId}/2`);
  await expect(page.getByTestId('match-score')).toBeVisible();
  await expect(page.getByTestId('spoiler-shield')).toHaveCount(0);
  await context.close();
});
