// The live room's chat on a phone while lines pour in (issue 22): once the list is full, every new line pushes an
// old one out at the top, and none of that may move the page (a layout shift). The newest line stays in view.
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi, useSession } from './support/api-session';
import { chatInput, chatList } from './support/live-viewing';
import { e2ePort } from './support/e2e-server';

// Coach Li's room; 房管小美 manages every room and may say lines quickly (managers have no speak rate).
const anchorRoom = '/liveMatchesTwo/10000003';
const managerPhone = '18800000004';
/** More than the rows the list keeps while it follows the newest (message-list.tsx): old rows leave at the top. */
const lineCount = 75;


// Plain script text: the page keeps the sum of the layout shifts that no input caused.
const countShifts = `
  window.__shifts = { sum: 0, count: 0 };
  new PerformanceObserver(function (list) {
    list.getEntries().forEach(function (entry) {
      if (entry.hadRecentInput) return;
      window.__shifts.sum += entry.value;
      window.__shifts.count += 1;
    });
  }).observe({ type: 'layout-shift', buffered: true });
`;
const shifts = (page: Page) => page.evaluate(() => (window as typeof window & { __shifts: { sum: number; count: number } }).__shifts);

test('on a phone, lines coming and going in a busy chat never move the page', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? `http://localhost:${e2ePort}`;
  const managerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(managerContext, await signInThroughApi(managerContext.request, managerPhone, origin));
  const manager = await managerContext.newPage();
  await manager.goto(anchorRoom);
  await expect(chatInput(manager)).toBeEnabled();

  const viewerContext = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await viewerContext.addInitScript({ content: countShifts });
  const viewer = await viewerContext.newPage();
  await viewer.goto(anchorRoom);
  // The room refuses a line said twice: this run's lines carry their own mark.
  const run = Date.now().toString(36);
  await chatInput(manager).fill(`Warm-up in Doha ${run}`);
  await chatInput(manager).press('Enter');
  await expect(chatList(viewer).getByText(`Warm-up in Doha ${run}`)).toBeVisible();
  // The room has settled (poster, player, chat connected): from here on only the chat changes.
  await viewer.waitForTimeout(1_000);
  const before = await shifts(viewer);

  // Lines of one to three rows, as people write, as fast as the manager types them.
  for (let index = 1; index <= lineCount; index += 1) {
    const words = index % 3 === 0 ? 'what a run down the left wing, the full back could not keep up with him at all' : index % 3 === 1 ? 'ole' : 'pressing high now';
    await chatInput(manager).fill(`${run} line ${index}: ${words}`);
    await chatInput(manager).press('Enter');
  }
  // The last word, said once the others are out: the list still follows the newest line.
  await manager.waitForTimeout(1_000);
  await chatInput(manager).fill(`Full time ${run}`);
  await chatInput(manager).press('Enter');
  await expect(chatList(viewer).getByText(`Full time ${run}`)).toBeInViewport({ timeout: 30_000 });
  await expect(chatList(viewer).getByText(`${run} line 1:`)).toHaveCount(0);

  const after = await shifts(viewer);
  expect(after.sum - before.sum, `${after.count - before.count} layout shifts while the lines came`).toBeLessThan(0.01);
  await managerContext.close();
  await viewerContext.close();
});
