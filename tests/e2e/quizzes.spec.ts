// Quizzes in the live room (issue 23): the anchor creates a quiz in the room's quiz panel and starts it through the
// start dialog; two viewers in two browsers bet on opposite sides with the config's chips; an operator closes the
// betting and the anchor draws it; the winner's diamonds rise by exactly the parimutuel payout and the loser is told
// they did not win, in a toast and in the bet history. Coach Li (18800000003) hosts; the viewers are new accounts
// given diamonds by the operator command. A second quiz follows a match of the replayed World Cup: it closes at
// kick-off and the match's result settles it with no one drawing.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { newPhone, registerThroughApi, signInThroughApi, useSession, type ApiSession } from './support/api-session';
import { runOps } from './support/e2e-server';
import { callAs } from './support/live-viewing';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let anchor: ApiSession;
const viewers: { session: ApiSession; phone: string }[] = [];

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  api = await playwright.request.newContext({ baseURL });
  anchor = await signInThroughApi(api, '18800000003');
  const status = await callAs<{ is_live: number }>(api, anchor, '/api/user/checkAnchorStatus');
  if (status.is_live !== 1) await callAs(api, anchor, '/webapi/live/startLive', { title: 'Quiz night', category: 2, cateid: 201 });
  for (let index = 0; index < 2; index += 1) {
    const phone = newPhone('137');
    const session = await registerThroughApi(api, phone);
    runOps('wallet:grant', phone, 'gold', '5000', '--key', `e2e-quiz-${phone}`);
    viewers.push({ session, phone });
  }
});

test.afterAll(async () => {
  await api.dispose();
});

const roomPath = () => `/liveMatchesTwo/${anchor.id}`;
const gold = async (session: ApiSession) => (await callAs<{ gold: number }>(api, session, '/api/user/getUserInfo')).gold;

async function openRoom(browserContext: BrowserContext, session: ApiSession): Promise<Page> {
  await useSession(browserContext, session);
  const page = await browserContext.newPage();
  await page.goto(roomPath());
  await expect(page.getByRole('textbox', { name: 'Say something…' })).toBeEnabled();
  return page;
}

test('an anchor runs a quiz, two viewers bet on opposite sides, the winner is paid and the loser told', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const question = `Who scores next ${Date.now() % 100_000}?`;
  const anchorContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const anchorPage = await openRoom(anchorContext, anchor);
  await anchorPage.getByRole('button', { name: 'Quiz', exact: true }).click();
  const panel = anchorPage.getByRole('dialog', { name: 'Quizzes' });
  await panel.getByLabel('Question').fill(question);
  await panel.getByLabel('Option A').fill('Home');
  await panel.getByLabel('Option B').fill('Away');
  await panel.getByRole('button', { name: 'Create' }).click();
  await expect(anchorPage.getByText('Quiz created. Start it to open betting.')).toBeVisible();
  const mine = panel.locator('li', { hasText: question });
  await mine.getByRole('button', { name: 'Start', exact: true }).click();
  await expect(mine.getByText('A started quiz opens immediately and cannot be cancelled or edited (contact an administrator).')).toBeVisible();
  await mine.getByRole('button', { name: 'Start now' }).click();
  await expect(anchorPage.getByText('Quiz started.')).toBeVisible();
  const { list } = await callAs<{ list: { guess_id: number; question: string }[] }>(api, anchor, '/api/guess/manage');
  const quizId = list.find((quiz) => quiz.question === question)?.guess_id ?? 0;
  expect(quizId).toBeGreaterThan(0);

  const pages: Page[] = [];
  for (const [index, viewer] of viewers.entries()) {
    const page = await openRoom(await browser.newContext({ viewport: { width: 1366, height: 860 } }), viewer.session);
    await page.getByRole('button', { name: 'Quiz', exact: true }).click();
    const card = page.getByRole('dialog', { name: 'Quizzes' }).locator(`li[data-guess-id="${quizId}"]`);
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: '10', exact: true }).click();
    await card.getByRole('button', { name: index === 0 ? 'Bet on Home' : 'Bet on Away' }).click();
    await expect(page.getByText('Bet placed.')).toBeVisible();
    pages.push(page);
  }
  // Both stakes are in the pools, which every viewer's panel shows as they change.
  await expect(pages[0].locator(`li[data-guess-id="${quizId}"]`).getByText(/^Pool 10 · 1 bettor · ×1\.90$/)).toHaveCount(2);
  const winnerBefore = await gold(viewers[0].session);
  expect(winnerBefore).toBe(4_000);
  await pages[0].screenshot({ path: testInfo.outputPath('quiz-panel-viewer.png') });

  // Betting ends (an operator closes it now, as the close time would), then the anchor draws "Home".
  runOps('quiz:close', String(quizId));
  await expect(pages[0].locator(`li[data-guess-id="${quizId}"]`).getByRole('button', { name: 'Bet on Home' })).toBeHidden();
  // The anchor's list follows the room's quiz messages: Draw appears once betting has closed.
  await panel.getByRole('region', { name: 'Your quizzes' }).locator(`li[data-guess-id="${quizId}"]`).getByRole('button', { name: 'Draw Home' }).click();

  // 20.00 in the pool, 5% to the house: the winner's 10.00 returns 19.00.
  await expect(pages[0].getByText(`You won 19.00 on “${question}”.`)).toBeVisible();
  await expect(pages[1].getByText(`You did not win on “${question}”.`)).toBeVisible();
  await expect.poll(() => gold(viewers[0].session)).toBe(winnerBefore + 1_900);
  expect(await gold(viewers[1].session)).toBe(4_000);

  await pages[1].goto('/user-center/betHistory');
  const row = pages[1].locator('li', { hasText: question });
  await expect(row.getByText('Did not win')).toBeVisible();
  await pages[1].screenshot({ path: testInfo.outputPath('bet-history-loser.png') });
  await anchorContext.close();
});

test('a quiz the anchor links to a match is closed at kick-off and settled by the replayed match, with no one drawing it', async ({ browser }, testInfo) => {
  test.setTimeout(420_000);
  // The demo replays the 2022 World Cup at 60× (playwright.config.ts): wait for a match far enough from kick-off for
  // the anchor to open the quiz and both viewers to bet before betting shuts.
  type Choice = { match_id: number; home: string; away: string; kickoff_time: number };
  let match: Choice | undefined;
  await expect
    .poll(
      async () => {
        const { list } = await callAs<{ list: Choice[] }>(api, anchor, '/api/guess/matches');
        match = list.find((candidate) => candidate.kickoff_time - Date.now() > 45_000);
        return match !== undefined;
      },
      { timeout: 180_000, intervals: [5_000] },
    )
    .toBe(true);
  const chosen = match as Choice;

  // The viewers are in the room first: the quiz reaches their panels through the room's quiz messages.
  const pages: Page[] = [];
  for (const viewer of viewers) {
    const page = await openRoom(await browser.newContext({ viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true }), viewer.session);
    await page.getByRole('button', { name: 'Quiz', exact: true }).click();
    pages.push(page);
  }
  const anchorContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const anchorPage = await openRoom(anchorContext, anchor);
  await anchorPage.getByRole('button', { name: 'Quiz', exact: true }).click();
  const panel = anchorPage.getByRole('dialog', { name: 'Quizzes' });
  await panel.getByLabel('Follow a match').selectOption(String(chosen.match_id));
  await panel.getByLabel('Settles on').selectOption('over_under');
  await panel.getByLabel('Goal line').selectOption('0.5');
  const question = `Over or under 0.5 goals in ${chosen.home} v ${chosen.away}?`;
  await expect(panel.getByLabel('Question')).toHaveValue(question);
  await expect(panel.getByLabel('Option A')).toHaveValue('Over 0.5');
  await expect(panel.getByText(/^Betting closes at kick-off/)).toBeVisible();
  await anchorPage.screenshot({ path: testInfo.outputPath('quiz-linked-create.png') });
  await panel.getByRole('button', { name: 'Create' }).click();
  await expect(anchorPage.getByText('Quiz created. Start it to open betting.')).toBeVisible();
  const { list } = await callAs<{ list: { guess_id: number; match_id: number | null }[] }>(api, anchor, '/api/guess/manage');
  const quizId = Math.max(...list.filter((quiz) => quiz.match_id === chosen.match_id).map((quiz) => quiz.guess_id));
  const mine = panel.locator(`li[data-guess-id="${quizId}"]`);
  await mine.getByRole('button', { name: 'Start', exact: true }).click();
  await mine.getByRole('button', { name: 'Start now' }).click();
  await expect(anchorPage.getByText('Quiz started.')).toBeVisible();

  const before: number[] = [];
  for (const [index, page] of pages.entries()) {
    const card = page.getByRole('dialog', { name: 'Quizzes' }).locator(`li[data-guess-id="${quizId}"]`);
    await expect(card.getByText('settles on the match: Over/under 0.5 goals')).toBeVisible();
    await card.getByRole('button', { name: '10', exact: true }).click();
    before.push(await gold(viewers[index].session));
    await card.getByRole('button', { name: index === 0 ? 'Bet on Over 0.5' : 'Bet on Under 0.5' }).click();
    await expect(page.getByText('Bet placed.')).toBeVisible();
  }
  await pages[1].screenshot({ path: testInfo.outputPath('quiz-linked-viewer-phone.png') });

  // Nobody draws: the match feed decides. "Over" wins at the first goal, "under" at a goalless full time. Each viewer
  // is told their own result in a toast (read as it appears: toasts are brief).
  const told = await Promise.all(
    pages.map((page) =>
      page
        .getByText(`You won 19.00 on “${question}”.`)
        .or(page.getByText(`You did not win on “${question}”.`))
        .first()
        .textContent({ timeout: 300_000 }),
    ),
  );
  const winnerIndex = told.findIndex((text) => text?.startsWith('You won'));
  expect(winnerIndex).toBeGreaterThanOrEqual(0);
  const loserIndex = 1 - winnerIndex;
  expect(told[loserIndex]).toBe(`You did not win on “${question}”.`);
  const { list: drawn } = await callAs<{ list: { guess_id: number; status: string; winner: 'A' | 'B' | null }[] }>(api, anchor, '/api/guess/manage');
  expect(drawn.find((quiz) => quiz.guess_id === quizId)).toMatchObject({ status: 'prize_drawn', winner: winnerIndex === 0 ? 'A' : 'B' });

  // The result agrees with the score on the match page.
  const matchPage = await anchorContext.newPage();
  await matchPage.goto(`/scheduleDetail/${chosen.match_id}/2`);
  const goals = (await matchPage.getByTestId('match-score').locator('span').allInnerTexts()).map(Number).filter(Number.isFinite);
  expect(goals.reduce((sum, value) => sum + value, 0) > 0).toBe(winnerIndex === 0);

  await expect.poll(() => gold(viewers[winnerIndex].session)).toBe(before[winnerIndex] + 900);
  expect(await gold(viewers[loserIndex].session)).toBe(before[loserIndex] - 1_000);
  await anchorContext.close();
});
