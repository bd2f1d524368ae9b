// A live room in a tab out of sight (issue 22): while the chat flows, the hidden page's chat list does not change
// at all, and when the viewer comes back the lines said meanwhile are there, without a reload.
import { chromium, expect, test, type Page } from '@playwright/test';
import { signInThroughApi, useSession } from './support/api-session';
import { chatInput, chatList } from './support/live-viewing';
import { e2ePort } from './support/e2e-server';

// Coach Li's room; 房管小美 manages every room and may say lines quickly (managers have no speak rate).
const anchorRoom = '/liveMatchesTwo/10000003';
const managerPhone = '18800000004';
/** The viewer's browser is driven over this DevTools port, apart per e2e port like the media ports. */
const debuggingPort = e2ePort + 22_000;


async function say(page: Page, text: string) {
  await chatInput(page).fill(text);
  await chatInput(page).press('Enter');
  await expect(chatList(page).getByText(text)).toBeVisible();
}

test('a hidden room renders no chat, and shows what was said when the viewer comes back', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? `http://localhost:${e2ePort}`;
  const managerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(managerContext, await signInThroughApi(managerContext.request, managerPhone, origin));
  const manager = await managerContext.newPage();
  await manager.goto(anchorRoom);
  await expect(chatInput(manager)).toBeEnabled();

  // Playwright keeps the pages of its own contexts in sight whatever happens to their window. A page of the
  // browser's default context, reached over DevTools without Playwright's defaults, is hidden when its window
  // is minimised, as on a desktop.
  const { launchOptions } = testInfo.project.use;
  const viewerBrowser = await chromium.launch({ ...launchOptions, args: [...(launchOptions?.args ?? []), `--remote-debugging-port=${debuggingPort}`] });
  const devtools = await chromium.connectOverCDP(`http://127.0.0.1:${debuggingPort}`, { noDefaults: true });
  try {
    const viewer = await devtools.contexts()[0].newPage();
    // What reaches the viewer's socket, so the test knows the hidden page has been told.
    const received: string[] = [];
    viewer.on('websocket', (socket) => socket.on('framereceived', ({ payload }) => void received.push(String(payload))));
    await viewer.setViewportSize({ width: 412, height: 823 });
    await viewer.goto(`${origin}${anchorRoom}`);
    await say(manager, 'Kick-off in Dakar');
    await expect(chatList(viewer).getByText('Kick-off in Dakar')).toBeVisible();

    await chatList(viewer).evaluate((list) => {
      const counted = window as typeof window & { chatChanges?: number };
      counted.chatChanges = 0;
      new MutationObserver((records) => {
        counted.chatChanges = (counted.chatChanges ?? 0) + records.length;
      }).observe(list, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    const chatChanges = () => viewer.evaluate(() => (window as typeof window & { chatChanges?: number }).chatChanges);

    const session = await viewer.context().newCDPSession(viewer);
    const { windowId } = await session.send('Browser.getWindowForTarget');
    await session.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'minimized' } });
    await expect.poll(() => viewer.evaluate(() => document.visibilityState)).toBe('hidden');

    const meanwhile = Array.from({ length: 6 }, (_, index) => `Hidden half, chance ${index + 1}`);
    for (const text of meanwhile) await say(manager, text);
    await expect.poll(() => received.some((frame) => frame.includes(meanwhile.at(-1) ?? ''))).toBe(true);
    // A moment for anything the page would do with them.
    await viewer.waitForTimeout(1000);
    expect(await viewer.evaluate(() => document.visibilityState)).toBe('hidden');
    expect(await chatChanges()).toBe(0);

    await session.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'normal' } });
    await expect.poll(() => viewer.evaluate(() => document.visibilityState)).toBe('visible');
    for (const text of meanwhile) await expect(chatList(viewer).getByText(text)).toBeVisible();
    expect(await chatChanges()).toBeGreaterThan(0);
  } finally {
    await devtools.close();
    await viewerBrowser.close();
    await managerContext.close();
  }
});
