// Room managers (docs/room-managers.md): an anchor appoints a viewer in their room settings; the viewer, told in their
// system messages, keeps order in that room (tagged "Manager", with the moderation tab) and bans a troll from the
// line's menu; the anchor removes them and the room is theirs no more. In English on the main brand at desktop width,
// and in Chinese on 球吧 (zh.localhost) at phone width, appointing by id. Screens of the settings card at 1366 and 390.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { newPhone, registerThroughApi, useSession, type ApiSession } from './support/api-session';
import { e2ePort, runOps } from './support/e2e-server';
import { signInToConsole } from './pages/console-sign-in';
import { chatInput, chatList } from './support/live-viewing';

test.describe.configure({ timeout: 240_000 });

const zhOrigin = `http://zh.localhost:${e2ePort}`;
let api: APIRequestContext;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
});
test.afterAll(async () => {
  await api.dispose();
});

async function anchorAccount(request: APIRequestContext): Promise<ApiSession> {
  const phone = newPhone('137');
  const session = await registerThroughApi(request, phone);
  expect(runOps('user:role', phone, 'anchor')).toContain('→ anchor');
  return session;
}

async function signedIn(browser: Browser, session: ApiSession, viewport = { width: 1366, height: 860 }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport });
  await useSession(context, session);
  return { context, page: await context.newPage() };
}

async function say(page: Page, text: string) {
  await chatInput(page).fill(text);
  await expect(page.getByRole('complementary').getByRole('button', { name: /^(Send|发送)$/ })).toBeEnabled();
  await chatInput(page).press('Enter');
  await expect(chatList(page).getByText(text)).toBeVisible();
}

test('an anchor appoints a viewer, who bans a troll in that room, and removes them again', async ({ browser }, testInfo) => {
  const mark = `${testInfo.retry}-${Date.now() % 100_000}`;
  const anchor = await anchorAccount(api);
  const helper = await registerThroughApi(api, newPhone('137'));
  const troll = await registerThroughApi(api, newPhone('137'));

  const anchorSide = await signedIn(browser, anchor);
  const settings = anchorSide.page;
  await settings.goto('/user-center/live-room-settings');
  const card = settings.getByTestId('room-managers');
  await expect(card.getByRole('heading', { name: 'Room managers' })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText('No room managers yet.', { exact: false })).toBeVisible();
  await expect(card.getByText('0 of 10')).toBeVisible();

  // A name nobody has is refused in words, and the box keeps what was typed.
  await card.getByLabel('Viewer ID or nickname').fill(`nobody-${mark}`);
  await card.getByRole('button', { name: 'Appoint' }).click();
  await expect(card.getByRole('alert')).toHaveText('No viewer of this site has that ID or nickname.');
  await expect(card.getByLabel('Viewer ID or nickname')).toHaveValue(`nobody-${mark}`);

  await card.getByLabel('Viewer ID or nickname').fill(helper.nick_name);
  await card.getByRole('button', { name: 'Appoint' }).click();
  await expect(settings.getByRole('status').filter({ hasText: `${helper.nick_name} is now a manager of your room` }).first()).toBeVisible();
  await expect(card.getByRole('listitem').filter({ hasText: helper.nick_name })).toContainText(`ID ${helper.id}`);
  await expect(card.getByText('1 of 10')).toBeVisible();
  await expect(card.getByLabel('Viewer ID or nickname')).toHaveValue('');
  for (const [label, width, height] of [['1366', 1366, 860], ['390', 390, 844]] as const) {
    await settings.setViewportSize({ width, height });
    await card.scrollIntoViewIfNeeded();
    await settings.waitForTimeout(300);
    await card.screenshot({ path: testInfo.outputPath(`room-managers-settings-${label}.png`) });
  }
  await settings.setViewportSize({ width: 1366, height: 860 });

  // The helper reads the appointment in their system messages, then keeps order in the room.
  const helperSide = await signedIn(browser, helper);
  const room = helperSide.page;
  await room.goto('/user-center/privateChat?system=1');
  await expect(room.getByText(`${anchor.nick_name} made you a manager of their live room`, { exact: false }).first()).toBeVisible({ timeout: 30_000 });
  await room.goto(`/liveMatchesTwo/${anchor.id}`);
  await expect(chatInput(room)).toBeEnabled({ timeout: 30_000 });
  const panel = room.getByRole('complementary');
  await expect(panel.getByRole('tab', { name: 'Banned users' })).toBeVisible();
  const helperLine = `Keep it friendly ${mark}`;
  await say(room, helperLine);
  await expect(chatList(room).getByRole('listitem').filter({ hasText: helperLine })).toContainText('Manager');

  const trollSide = await signedIn(browser, troll);
  await trollSide.page.goto(`/liveMatchesTwo/${anchor.id}`);
  await expect(chatInput(trollSide.page)).toBeEnabled({ timeout: 30_000 });
  const trollLine = `you are all fools ${mark}`;
  await say(trollSide.page, trollLine);
  const line = chatList(room).getByRole('listitem').filter({ hasText: trollLine });
  await expect(line).toBeVisible();
  await line.hover();
  await line.getByRole('button', { name: `Actions for ${troll.nick_name}'s message` }).click();
  await room.getByRole('menuitem', { name: `Ban ${troll.nick_name}` }).click();
  const dialog = room.getByRole('dialog', { name: `Ban ${troll.nick_name}` });
  await dialog.getByRole('combobox', { name: 'Reason' }).selectOption({ label: 'Insults and abuse' });
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(room.getByRole('status').filter({ hasText: `${troll.nick_name} was banned` }).first()).toBeVisible();
  await expect(chatInput(trollSide.page)).toBeDisabled();
  await expect(chatList(trollSide.page).getByText(trollLine)).toHaveCount(0);

  // Removed: the list is empty again, and the former manager's room has no moderation tab after a reload.
  await settings.reload();
  await card.getByRole('button', { name: `Remove ${helper.nick_name} as room manager` }).click();
  await expect(settings.getByRole('status').filter({ hasText: `${helper.nick_name} is no longer a manager of your room` }).first()).toBeVisible();
  await expect(card.getByText('0 of 10')).toBeVisible();
  await room.reload();
  await expect(chatInput(room)).toBeEnabled({ timeout: 30_000 });
  await expect(panel.getByRole('tab', { name: 'Chat' })).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Banned users' })).toHaveCount(0);

  for (const side of [anchorSide, helperSide, trollSide]) await side.context.close();
});

test('球吧: an anchor appoints by id on a phone, in Chinese, and removes', async ({ browser }) => {
  // Node cannot resolve zh.localhost: the accounts are made through the main host; the browser opens 球吧's.
  const anchor = await anchorAccount(api);
  const helper = await registerThroughApi(api, newPhone('137'));
  const context = await browser.newContext({ baseURL: zhOrigin, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await useSession(context, anchor);
  const page = await context.newPage();
  await page.goto('/user-center/live-room-settings');
  const card = page.getByTestId('room-managers');
  await expect(card.getByRole('heading', { name: '房管' })).toBeVisible({ timeout: 30_000 });
  await card.getByLabel('观众 ID 或昵称').fill(String(helper.id));
  await card.getByRole('button', { name: '任命' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: helper.nick_name })).toContainText(`ID ${helper.id}`);
  await expect(card.getByText('1 / 10')).toBeVisible();
  // Nothing of the card runs past a phone's width.
  const overflow = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await card.getByRole('button', { name: `撤销 ${helper.nick_name} 的房管` }).click();
  await expect(card.getByText('还没有房管', { exact: false })).toBeVisible();
  await context.close();
});

test('an operator appoints a room manager for an anchor in the console, finds them in the moderation log, and removes them', async ({ browser }, testInfo) => {
  const anchor = await anchorAccount(api);
  const helper = await registerThroughApi(api, newPhone('137'));
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signInToConsole(page, '18800000005', 'en-US');
  await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Room managers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Room managers' })).toBeVisible();

  const form = page.getByRole('region', { name: 'Appoint a room manager' });
  await form.getByLabel('Anchor id').fill(String(anchor.id));
  await form.getByLabel('Viewer id or exact nickname').fill(helper.nick_name);
  await form.getByRole('button', { name: 'Appoint' }).click();
  await expect(form.getByText('Appointed. The viewer is told in their system messages.')).toBeVisible();
  const row = page.locator(`[data-room-manager="${anchor.id}:${helper.id}"]`);
  await expect(row).toContainText(anchor.nick_name);
  await expect(row).toContainText(helper.nick_name);
  await expect(row).toContainText('Ops Amy');
  await page.screenshot({ path: testInfo.outputPath('console-room-managers.png'), fullPage: true });

  await page.goto(`/admin/moderation?room=${anchor.id}`);
  await expect(page.getByRole('row').filter({ hasText: 'Manager appointed' }).filter({ hasText: helper.nick_name })).toBeVisible();

  await page.goto('/admin/room-managers');
  page.once('dialog', (dialog) => void dialog.accept());
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(row).toHaveCount(0);
  await context.close();
});
