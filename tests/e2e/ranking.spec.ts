// Rankings (spec §2.2 /ranking, §2.4 item 10): the talent list in English and Chinese, on a desktop and at phone
// width, showing the demo seed's gifts (recorded through the same function gifts call); the board and period links;
// an anchor's row opening their room; the live room's contribution tab with its period switch, for a visitor.
// Screens of each are kept (test-results, not committed). Other journeys send gifts and buy in the same run, so
// the totals shown are checked against what the API answers at that moment, formatted as the page formats them.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { formatGems } from '@/components/ranking/ranking-format';
import { signInThroughApi, useSession, type ApiSession } from './support/api-session';

const phone = { width: 390, height: 844 };

/** The demo seed's all-time boards (lib/server/seed/demo-rankings.ts): who is on them, in order. */
const allTime = {
  anchors: ['老K说球', 'Coach Li'],
  users: ['Kevin_88', 'Ops Amy', '房管小美', '老K说球', 'Coach Li'],
  // 老K说球's room: who gave most to this anchor.
  room: ['Ops Amy', 'Kevin_88', '房管小美', 'Coach Li'],
};

type BoardReply = { list: { nick_name: string; score: number }[]; mine: { rank: number; score: number } | null };

/** A talent list as the API answers it now (as `session` when given). */
async function boardFromApi(request: APIRequestContext, body: Record<string, unknown>, session?: ApiSession): Promise<BoardReply> {
  const headers = session ? { authorization: `Bearer ${session.id}.${session.token}` } : undefined;
  const reply = (await (await request.post('/api/ranking/list', { data: body, headers })).json()) as { status: number; data: BoardReply };
  expect(reply.status).toBe(0);
  return reply.data;
}

function board(page: Page) {
  return page.getByRole('region', { name: /·/ }).getByRole('listitem');
}

async function expectNoHorizontalScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('the talent list shows anchors by income and fans by spending, per period, in English', async ({ page, request }, testInfo) => {
  const anchors = await boardFromApi(request, { board: 'anchors', period: 'all' });
  expect(anchors.list.map((row) => row.nick_name)).toEqual(allTime.anchors);
  await page.goto('/ranking?period=all');
  await expect(page.getByRole('heading', { level: 1, name: 'Talent list' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Anchors' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'All time' })).toHaveAttribute('aria-current', 'page');
  const rows = board(page);
  await expect(rows).toHaveCount(allTime.anchors.length);
  for (const [index, anchor] of anchors.list.entries()) {
    await expect(rows.nth(index)).toContainText(anchor.nick_name);
    await expect(rows.nth(index)).toContainText(`${formatGems(anchor.score, 'en-US')} gems`);
    await expect(rows.nth(index).getByRole('img', { name: `No. ${index + 1}` })).toBeVisible();
  }
  await page.screenshot({ path: testInfo.outputPath('ranking-anchors-en.png'), fullPage: true });

  await page.getByRole('link', { name: 'Fans' }).click();
  await expect(page).toHaveURL(/board=users/);
  await expect(page).toHaveURL(/period=all/);
  await expect(board(page)).toHaveCount(allTime.users.length);
  for (const [index, name] of allTime.users.entries()) await expect(board(page).nth(index)).toContainText(name);

  // Today holds only the seed's recent gifts: fewer than all time, and never more than 20 rows.
  await page.getByRole('link', { name: 'Today' }).click();
  await expect(page).toHaveURL(/board=users$/);
  const today = await board(page).count();
  expect(today).toBeGreaterThan(0);
  expect(today).toBeLessThanOrEqual(allTime.users.length);
  await expect(page.getByText('Days and weeks run on Beijing time; weeks start on Monday.')).toBeVisible();
});

test('an anchor’s row opens their live room, whose ranking tab lists the room’s givers to a visitor', async ({ page }, testInfo) => {
  await page.goto('/ranking?period=all');
  await board(page).first().getByRole('link', { name: '老K说球' }).click();
  await expect(page).toHaveURL(/\/liveMatchesTwo\/\d+$/);

  const tab = page.getByRole('tab', { name: 'Ranking' });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Ranking' });
  await panel.getByRole('tab', { name: 'All time' }).click();
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(allTime.room.length);
  for (const [index, name] of allTime.room.entries()) await expect(rows.nth(index)).toContainText(name);
  await expect(rows.first()).toContainText('2.5K gems');
  await expect(panel.getByText('Sign in to see your place')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('room-ranking-en.png') });

  // Back to the chat: the panel keeps its size, so nothing around it moves.
  const before = await page.locator('aside').boundingBox();
  await page.getByRole('tab', { name: 'Chat' }).click();
  const after = await page.locator('aside').boundingBox();
  expect(after?.height).toBeCloseTo(before?.height ?? 0, 0);
});

test('in Chinese at phone width the list fits the screen and reads naturally', async ({ browser, request }, testInfo) => {
  const anchors = await boardFromApi(request, { board: 'anchors', period: 'all' });
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await page.goto('/ranking?period=all&lang=zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: '达人榜' })).toBeVisible();
  await expect(page.getByRole('link', { name: '主播榜' })).toHaveAttribute('aria-current', 'page');
  const rows = board(page);
  for (const [index, anchor] of anchors.list.entries()) {
    await expect(rows.nth(index)).toContainText(anchor.nick_name);
    await expect(rows.nth(index)).toContainText(`${formatGems(anchor.score, 'zh-CN')} 宝石`);
  }
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('ranking-anchors-zh-phone.png'), fullPage: true });

  await page.getByRole('link', { name: '土豪榜' }).click();
  await expect(board(page)).toHaveCount(allTime.users.length);
  await expect(board(page).first()).toContainText('Kevin_88');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('ranking-users-zh-phone.png'), fullPage: true });

  await page.goto('/ranking?board=users&period=week');
  await expect(page.getByRole('link', { name: '周榜' })).toHaveAttribute('aria-current', 'page');
  await context.close();
});

test('in Chinese at phone width the room’s ranking tab fits under the video', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await page.goto('/ranking?period=all&lang=zh-CN');
  const href = await board(page).first().getByRole('link').getAttribute('href');
  await page.goto(`${href}?lang=zh-CN`);
  await page.getByRole('tab', { name: '贡献榜' }).click();
  const panel = page.getByRole('tabpanel', { name: '贡献榜' });
  await panel.getByRole('tab', { name: '总榜' }).click();
  await expect(panel.getByRole('listitem').first()).toContainText('Ops Amy');
  await expect(panel.getByText('登录后查看我的排名')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: testInfo.outputPath('room-ranking-zh-phone.png') });
  await context.close();
});

test('a signed-in fan sees their own place on the talent list and in the room', async ({ browser, playwright, baseURL }) => {
  const api = await playwright.request.newContext({ baseURL });
  // Kevin_88, the demo viewer: first of all fans, second in 老K说球's room of all time.
  const kevin = await signInThroughApi(api, '18800000001');
  const context = await browser.newContext();
  await useSession(context, kevin);
  const page = await context.newPage();
  const fans = await boardFromApi(api, { board: 'users', period: 'all' }, kevin);
  expect(fans.mine?.rank).toBe(1);
  await page.goto('/ranking?board=users&period=all');
  await expect(page.getByTestId('ranking-mine')).toHaveText(`You: No. 1 · ${formatGems(fans.mine?.score ?? 0, 'en-US')} gems`);
  await expect(board(page).first()).toContainText('Kevin_88');

  await page.goto('/ranking?period=all');
  await expect(page.getByTestId('ranking-mine')).toHaveText('You are not on this list yet');
  const room = await board(page).first().getByRole('link').getAttribute('href');
  await page.goto(`${room}`);
  await page.getByRole('tab', { name: 'Ranking' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Ranking' });
  await panel.getByRole('tab', { name: 'All time' }).click();
  await expect(panel.getByText('Your place')).toBeVisible();
  await expect(panel.getByText('No. 2', { exact: true })).toBeVisible();
  await context.close();
  await api.dispose();
});
