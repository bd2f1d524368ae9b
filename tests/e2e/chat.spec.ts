// The live room's chat between two browsers: both see each other's lines; a room manager bans the viewer, who
// is told, loses their lines and cannot send until the manager lifts the ban. A refused message stays in the box
// with the reason and the wait; the manager is tagged; the chat is reachable and usable by keyboard. Screens of
// the room are kept at 1366 and 360 px.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInThroughApi, useSession } from './support/api-session';
import { chatInput, chatList } from './support/live-viewing';

// Demo accounts (docs/accounts.md): Coach Li's room, Kevin_88 (viewer, VIP 1) and 房管小美 (manager).
const anchorRoom = '/liveMatchesTwo/10000003';
const anchorRoomKey = 'live:10000003';
const viewerPhone = '18800000001';
const managerPhone = '18800000004';


async function say(page: Page, text: string) {
  await chatInput(page).fill(text);
  // Send waits for the chat connection.
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Send' })).toBeEnabled();
  await chatInput(page).press('Enter');
  await expect(chatList(page).getByText(text)).toBeVisible();
}

async function expectEmojiInside(panel: Locator) {
  const box = await panel.boundingBox();
  const cells = await panel.getByRole('button').evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().right));
  expect(box).not.toBeNull();
  expect(cells.filter((right) => right > (box?.x ?? 0) + (box?.width ?? 0) + 0.5)).toEqual([]);
}

async function shoot(page: Page, name: string, path: (file: string) => string) {
  for (const [label, width, height] of [['1366', 1366, 860], ['360', 360, 780]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: path(`${name}-${label}.png`), fullPage: label === '360' });
  }
  await page.setViewportSize({ width: 1366, height: 860 });
}

test('two viewers chat in one room; a manager bans one, who is told and cannot send', async ({ browser, baseURL }, testInfo) => {
  // Signing in may wait out the SMS resend gap left by an earlier journey.
  test.setTimeout(240_000);
  const origin = baseURL ?? 'http://localhost:3300';
  const viewerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const managerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const viewerInfo = await signInThroughApi(viewerContext.request, viewerPhone, origin);
  await useSession(viewerContext, viewerInfo);
  await useSession(managerContext, await signInThroughApi(managerContext.request, managerPhone, origin));
  // CI retries a failed journey on the same server: a ban left by the earlier attempt is lifted first.
  const cleared = (await (await managerContext.request.post(`${origin}/api/live/unbanUser`, { data: { groupId: anchorRoomKey, user_id: viewerInfo.id } })).json()) as {
    status: number;
    msg: string;
  };
  expect(cleared.status === 0 || cleared.msg === 'This user is not banned here.', cleared.msg).toBe(true);
  const viewer = await viewerContext.newPage();
  const manager = await managerContext.newPage();

  await manager.goto(anchorRoom);
  await expect(manager.getByRole('heading', { level: 1 })).toContainText('Coach Li');
  await expect(manager.getByText('The anchor has not started')).toBeVisible();
  await expect(chatInput(manager)).toBeEnabled();
  await viewer.goto(anchorRoom);
  await expect(chatInput(viewer)).toBeEnabled();
  // A VIP viewer's arrival is announced in the room.
  // The manager's own arrival is announced too (role > 1): look for the viewer's line.
  await expect(chatList(manager).getByRole('listitem').filter({ hasText: viewerInfo.nick_name }).filter({ hasText: 'entered the room' })).toBeVisible();

  await say(viewer, 'Hello from the viewer 👋');
  await expect(chatList(manager).getByText('Hello from the viewer 👋')).toBeVisible();
  await say(manager, 'Welcome, keep it friendly');
  await expect(chatList(viewer).getByText('Welcome, keep it friendly')).toBeVisible();
  await expect(manager.getByText(/\d+ watching/)).toBeVisible();
  await shoot(manager, 'live-room-chat', (file) => testInfo.outputPath(file));

  // The manager bans the viewer from the line's menu: one hour, insults and abuse.
  const line = chatList(manager).getByRole('listitem').filter({ hasText: 'Hello from the viewer 👋' });
  await line.hover();
  await line.getByRole('button', { name: `Actions for ${viewerInfo.nick_name}'s message` }).click();
  await manager.getByRole('menuitem', { name: `Ban ${viewerInfo.nick_name}` }).click();
  const dialog = manager.getByRole('dialog', { name: `Ban ${viewerInfo.nick_name}` });
  await dialog.getByText('Hours', { exact: true }).click();
  await dialog.getByRole('spinbutton', { name: 'Length' }).fill('1');
  await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Insults and abuse' });
  await shoot(manager, 'live-room-ban-dialog', (file) => testInfo.outputPath(file));
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(manager.getByRole('status').filter({ hasText: `${viewerInfo.nick_name} was banned` })).toBeVisible();

  // The viewer is told, their line is gone everywhere, and the send box is closed to them.
  await expect(viewer.getByRole('status').filter({ hasText: 'You have been banned' }).first()).toBeVisible();
  await expect(chatList(viewer).getByText('Hello from the viewer 👋')).toHaveCount(0);
  await expect(chatList(manager).getByText('Hello from the viewer 👋')).toHaveCount(0);
  await expect(chatList(manager).getByText(`${viewerInfo.nick_name} was banned by a room manager`)).toBeVisible();
  await expect(chatInput(viewer)).toBeDisabled();
  await expect(chatInput(viewer)).toHaveAttribute('placeholder', 'You have been banned');
  await expect(viewer.getByText(/You can chat again at/)).toBeVisible();
  await shoot(viewer, 'live-room-banned', (file) => testInfo.outputPath(file));

  // After a reload the ban still holds: it lives on the server.
  await viewer.reload();
  await expect(chatInput(viewer)).toBeDisabled();
  await expect(viewer.getByText(/You can chat again at/)).toBeVisible();

  // The manager lifts the ban from the banned list: the viewer may speak again at once, without a reload.
  const panel = manager.getByRole('complementary');
  await panel.getByRole('tab', { name: 'Banned users' }).click();
  await panel.getByRole('button', { name: `Unban ${viewerInfo.nick_name}` }).click();
  await expect(manager.getByRole('status').filter({ hasText: `${viewerInfo.nick_name} can chat again` }).first()).toBeVisible();
  await expect(chatInput(viewer)).toBeEnabled();
  await say(viewer, 'Thanks, I will behave');
  await panel.getByRole('tab', { name: 'Chat' }).click();
  await expect(chatList(manager).getByText('Thanks, I will behave')).toBeVisible();

  await viewerContext.close();
  await managerContext.close();
});

test('football talk passes; a refused message stays in the box with its reason and the wait; the manager is tagged (issue 18)', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? 'http://localhost:3300';
  const viewerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const managerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(viewerContext, await signInThroughApi(viewerContext.request, viewerPhone, origin));
  await useSession(managerContext, await signInThroughApi(managerContext.request, managerPhone, origin));
  const viewer = await viewerContext.newPage();
  const manager = await managerContext.newPage();
  await viewer.goto(anchorRoom);
  await manager.goto(anchorRoom);
  await expect(chatInput(viewer)).toBeEnabled();
  await expect(chatInput(manager)).toBeEnabled();
  const send = viewer.getByRole('complementary').getByRole('button', { name: 'Send' });
  // Lines of this attempt only: a retry on the same server finds the first attempt's lines in the room's history.
  const run = Date.now().toString(36).slice(-4);
  const [score, penalty, link, managerText] = [`Senegal 1-0 up at the break ${run}`, `Sarr pen in the 44th ${run}`, `full replay at www.footyreplays.xyz ${run}`, `Keep it about the match, please ${run}`];

  // Scores and minutes are what people say here (issue 18: these were refused as "too many numbers").
  await chatInput(viewer).fill(score);
  await expect(send).toBeEnabled();
  await chatInput(viewer).press('Enter');
  // A second line straight after, within the 2 s speak rate: refused, kept, and the button counts the wait down.
  // (Sent before the first one's echo: on a loaded machine the echo alone has taken longer than the 2 s.)
  await chatInput(viewer).fill(penalty);
  await chatInput(viewer).press('Enter');
  await expect(chatList(viewer).getByText(score)).toBeVisible();
  await expect(viewer.getByRole('status').filter({ hasText: /You are sending messages too frequently\. Try again in \d s\./ })).toBeVisible();
  await expect(viewer.getByRole('complementary').getByRole('button', { name: /^Wait \d s$/ })).toBeDisabled();
  await expect(chatInput(viewer)).toHaveValue(penalty);
  await expect(send).toBeEnabled();
  await chatInput(viewer).press('Enter');
  await expect(chatList(viewer).getByText(penalty)).toBeVisible();
  await expect(chatList(manager).getByText(penalty)).toBeVisible();

  // A link is refused with the reason and the price of another; the text stays to be edited. (First the 2 s
  // the speak rate asks between two lines.)
  await expect(send).toBeDisabled();
  await viewer.waitForTimeout(2_500);
  await chatInput(viewer).fill(link);
  await expect(send).toBeEnabled();
  await chatInput(viewer).press('Enter');
  await expect(viewer.getByRole('status').filter({ hasText: 'Links are not allowed in chat. Send another and you will be muted for 2 minutes.' })).toBeVisible();
  await expect(chatInput(viewer)).toHaveValue(link);
  await expect(chatList(viewer).getByText(link)).toHaveCount(0);
  await shoot(viewer, 'live-room-refused', (file) => testInfo.outputPath(file));

  // The room manager's line carries the Manager tag for everyone.
  await say(manager, managerText);
  const managerLine = chatList(viewer).getByRole('listitem').filter({ hasText: managerText });
  await expect(managerLine.getByText('Manager', { exact: true })).toBeVisible();
  await viewerContext.close();
  await managerContext.close();
});

test('by keyboard: Skip to chat is the second stop, and the emoji panel is reachable, fits and inserts (issue 18)', async ({ browser, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  const origin = baseURL ?? 'http://localhost:3300';
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(context, await signInThroughApi(context.request, viewerPhone, origin));
  const page = await context.newPage();
  await page.goto(anchorRoom);
  await expect(chatInput(page)).toBeEnabled();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to chat' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(chatInput(page)).toBeFocused();
  await page.keyboard.type('What a goal ');

  // Back to the emoji button, open the panel: the first emoji has the focus, the arrows move through the grid.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Shift+Tab');
  const emojiButton = page.getByRole('button', { name: 'Emoji' });
  await expect(emojiButton).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Emoji' });
  const emoji = panel.getByRole('button');
  await expect(emoji.first()).toBeFocused();
  // Every column is inside the panel (the 8th was cut off); the arrows move by one, and by a row.
  await expectEmojiInside(panel);
  const tops = await emoji.evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().top));
  const columns = tops.filter((top) => top === tops[0]).length;
  expect(columns).toBeGreaterThanOrEqual(8);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(emoji.nth(2)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(emoji.nth(2 + columns)).toBeFocused();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await expect(emoji.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(chatInput(page)).toHaveValue('What a goal 😂');
  await expect(chatInput(page)).toBeFocused();
  // The panel stays open for another pick; its button closes it, Escape too, giving the focus back to the button.
  await expect(panel).toBeVisible();
  await emojiButton.click();
  await expect(panel).toHaveCount(0);
  await emojiButton.click();
  await expect(emoji.first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(emojiButton).toBeFocused();
  // On a phone too every emoji is inside the panel.
  await page.keyboard.press('Enter');
  await page.setViewportSize({ width: 360, height: 780 });
  await expectEmojiInside(panel);
  await shoot(page, 'live-room-emoji', (file) => testInfo.outputPath(file));
  await context.close();
});

test('a guest watches the chat and is asked to log in to write', async ({ page }) => {
  await page.goto(anchorRoom);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Coach Li');
  await expect(page.getByRole('heading', { name: /^Announcement/ })).toBeVisible();
  await expect(chatInput(page)).toBeDisabled();
  await expect(chatInput(page)).toHaveAttribute('placeholder', 'Log in to chat');
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Log in' })).toBeVisible();
  // Skip to chat takes a guest to what they can do there: log in.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to chat' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('complementary').getByRole('button', { name: 'Log in' })).toBeFocused();
});

test('a room that is not an anchor’s shows an empty state', async ({ page }) => {
  await page.goto('/liveMatchesTwo/10000001');
  await expect(page.getByRole('heading', { name: 'This live room does not exist' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse live matches' })).toHaveAttribute('href', '/liveMatches');
});
