// Quiz disputes in the console (docs/admin.md "Quizzes"): an anchor's quiz has a stake on each side; the operator
// ends its betting early, draws it and, told it was wrong, cancels it: the winner's bonus is withdrawn and both
// stakes come back. Each step is confirmed first (the password check of money steps is fresh from the sign-in; the
// API tests cover the check once it is old).
import { expect, test, type APIRequestContext } from '@playwright/test';
import { signInToConsole } from './pages/console-sign-in';
import { newPhone, registerThroughApi, type ApiSession } from './support/api-session';
import { runOps } from './support/e2e-server';
import { callAs } from './support/live-viewing';

test.describe.configure({ timeout: 240_000 });

let api: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
});
test.afterAll(async () => {
  await api.dispose();
});

const gold = async (session: ApiSession) => (await callAs<{ gold: number }>(api, session, '/api/user/getUserInfo')).gold;

test('an operator ends a quiz’s betting, draws it, then cancels it and every stake comes back', async ({ browser }, testInfo) => {
  const anchorPhone = newPhone('135');
  const anchor = await registerThroughApi(api, anchorPhone);
  expect(runOps('user:role', anchorPhone, 'anchor')).toContain('→ anchor');
  await callAs(api, anchor, '/webapi/live/startLive', { title: 'Dispute night', category: 2, cateid: 201 });
  const question = `Corner first ${Date.now() % 100_000}?`;
  const quiz = await callAs<{ guess_id: number }>(api, anchor, '/api/guess/create', { question, option_a: 'Home', option_b: 'Away', min_bet: 100, close_time: Date.now() + 3_600_000 });
  await callAs(api, anchor, '/api/guess/start', { guess_id: quiz.guess_id });
  const fans: ApiSession[] = [];
  for (const option of ['A', 'B'] as const) {
    const phone = newPhone('135');
    const fan = await registerThroughApi(api, phone);
    runOps('wallet:grant', phone, 'gold', '10000');
    await callAs(api, fan, '/api/guess/bet', { guess_id: quiz.guess_id, option, amount: 2_000, idempotency_key: `dispute-${quiz.guess_id}-${option}` });
    fans.push(fan);
  }
  const before = await Promise.all(fans.map(gold));

  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signInToConsole(page, '18800000005', 'en-US');
  // The dashboard counts every process's error lines of the last hour.
  await expect(page.locator('[data-stat="errors"]')).toContainText('Errors, last hour');
  await expect(page.locator('[data-stat="errors"] dd')).toHaveText(/^\d[\d,]*\s/);
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Quizzes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quizzes' })).toBeVisible();
  const row = page.locator(`[data-quiz="${quiz.guess_id}"]`);
  await expect(row).toContainText(question);
  await expect(row).toContainText('In progress');
  await expect(row).toContainText('A Home: 20 gold · 1 bettor');

  const confirmEach = () => page.on('dialog', (dialog) => void dialog.accept());
  confirmEach();
  await row.getByRole('button', { name: 'End betting' }).click();
  await expect(row).toContainText('To be drawn');
  await row.getByRole('button', { name: 'Draw Home' }).click();
  await expect(row).toContainText('Prize drawn');
  await expect(row).toContainText('A won');
  expect(await gold(fans[0])).toBeGreaterThan(before[0]);
  await page.screenshot({ path: testInfo.outputPath('console-quizzes.png'), fullPage: true });

  // Cancelling after the draw reverses it: both fans hold what they held before betting.
  await row.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(row).toContainText('Cancellation after draw');
  await expect.poll(() => gold(fans[0]), { timeout: 30_000 }).toBe(before[0] + 2_000);
  await expect.poll(() => gold(fans[1]), { timeout: 30_000 }).toBe(before[1] + 2_000);
  await context.close();
});

test('an operator turns the World Cup pages off for the brand and the site’s menu follows, then turns them back on', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signInToConsole(page, '18800000005', 'en-US');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Brand settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Settings of / })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('console-settings.png'), fullPage: true });
  const visitor = await (await browser.newContext()).newPage();
  const worldCupLink = visitor.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'World Cup' });

  for (const [choice, shown] of [['Off', 0], ['On', 1]] as const) {
    await page.getByLabel(/^World Cup pages/).selectOption({ label: choice });
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Saved. Pages show the change within 10 seconds.');
    // The menu follows within the config's cache (10 s) and the page cache (1 s).
    await expect(async () => {
      await visitor.goto('/home');
      await expect(worldCupLink).toHaveCount(shown, { timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
  }
  await context.close();
  await visitor.context().close();
});
