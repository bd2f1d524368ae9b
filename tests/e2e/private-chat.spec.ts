// Private chat and the site-wide inbox (issue 24): a viewer with no ticket asks the anchor for one from the ticket
// dialog; the anchor, on another page, sees the Messages badge rise and the "messaged you" notice, opens the
// conversation and replies; the viewer sees the reply arrive, recalls a line and sends an image; the anchor blocks
// and unblocks them. An operator's system message
// raises the viewer's badge on a phone, in Chinese. The anchor (made one by `ops user:role`, live with a ticketed
// 360p stream: HD only) and the viewer are new accounts.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newPhone, registerThroughApi, useSession, type ApiSession } from './support/api-session';
import { runOps } from './support/e2e-server';
import { openLivePushUrl, pushTestPattern } from './support/live-viewing';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let anchor: ApiSession;
let viewer: ApiSession;
let viewerPhone: string;

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(240_000);
  api = await playwright.request.newContext({ baseURL });
  const anchorPhone = newPhone('135');
  anchor = await registerThroughApi(api, anchorPhone);
  expect(runOps('user:role', anchorPhone, 'anchor')).toContain('→ anchor');
  viewerPhone = newPhone('135');
  viewer = await registerThroughApi(api, viewerPhone);
});

test.afterAll(async () => {
  await api.dispose();
});

const messagesTab = (page: Page) => page.getByRole('link', { name: /^Messages|^私信/ }).first();

test('a viewer with no ticket messages the anchor, who sees the badge rise on another page and replies', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const anchorContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(anchorContext, anchor);
  const anchorPage = await anchorContext.newPage();
  await anchorPage.goto('/home');
  await expect(messagesTab(anchorPage)).toBeVisible();

  const viewerContext = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  await useSession(viewerContext, viewer);
  const viewerPage = await viewerContext.newPage();
  const encoder = pushTestPattern(await openLivePushUrl(api, anchor, { ticket_toogle: 1, ticket: 1 }));
  try {
    await viewerPage.goto(`/liveMatchesTwo/${anchor.id}`);
    await expect(viewerPage.getByText('This live is in HD only')).toBeVisible({ timeout: 30_000 });
    await viewerPage.getByRole('button', { name: 'Watch in HD' }).click();
    const dialog = viewerPage.getByRole('dialog', { name: 'Watch in high definition' });
    await expect(dialog.getByText('Tickets left: 0')).toBeVisible();
    await dialog.getByRole('link', { name: 'Message the anchor' }).click();
  } finally {
    await encoder.stop();
  }
  await expect(viewerPage).toHaveURL(new RegExp(`/user-center/privateChat\\?peer=${anchor.id}$`));
  await expect(viewerPage.getByRole('heading', { name: anchor.nick_name })).toBeVisible();
  const line = `Could I have a ticket for tonight? ${Date.now() % 100_000}`;
  await viewerPage.getByPlaceholder('Write a message…').fill(line);
  await viewerPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(viewerPage.locator('li[data-mine="yes"]', { hasText: line })).toBeVisible();

  // The anchor is on the home page: the notice and the badge arrive over the tab's connection.
  await expect(anchorPage.getByText(`${viewer.nick_name} messaged you`)).toBeVisible();
  await expect(messagesTab(anchorPage)).toContainText('1');
  await anchorPage.screenshot({ path: testInfo.outputPath('anchor-badge.png') });
  await messagesTab(anchorPage).click();
  const conversation = anchorPage.getByRole('link', { name: new RegExp(viewer.nick_name) });
  await expect(conversation).toContainText(line);
  await conversation.click();
  await expect(anchorPage.locator('li[data-mine="no"]', { hasText: line })).toBeVisible();
  // Read: the badge goes back to nothing.
  await expect(messagesTab(anchorPage)).not.toContainText('1');
  const reply = `Sure, one is on its way ${Date.now() % 100_000}`;
  await anchorPage.getByPlaceholder('Write a message…').fill(reply);
  await anchorPage.getByRole('button', { name: 'Send', exact: true }).click();
  await anchorPage.screenshot({ path: testInfo.outputPath('anchor-conversation.png') });

  // The viewer's open conversation shows the reply without a reload (and no "messaged you" notice over it), their
  // line reads "Read" since the anchor opened it, and the viewer recalls it.
  await expect(viewerPage.locator('li[data-mine="no"]', { hasText: reply })).toBeVisible();
  await expect(viewerPage.locator('li[data-mine="yes"]', { hasText: line })).toContainText('Read');
  await expect(viewerPage.getByText(`${anchor.nick_name} messaged you`)).toHaveCount(0);
  await viewerPage.locator('li[data-mine="yes"]', { hasText: line }).getByRole('button', { name: 'Recall' }).click();
  await expect(viewerPage.getByText('You recalled a message')).toBeVisible();
  await expect(anchorPage.getByText(`${viewer.nick_name} recalled a message`)).toBeVisible();
  // An image goes through the upload (re-encoded on the server) and shows on both sides.
  await viewerPage.getByLabel('Send an image').setInputFiles({ name: 'seat.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 320, height: 200, channels: 3, background: '#1d4ed8' } }).png().toBuffer() });
  await expect(viewerPage.locator('li[data-mine="yes"] img')).toBeVisible();
  await expect(anchorPage.locator('li[data-mine="no"] img')).toBeVisible();
  await expect.poll(() => anchorPage.locator('li[data-mine="no"] img').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320);
  await viewerPage.screenshot({ path: testInfo.outputPath('viewer-conversation.png') });

  // The anchor blocks the viewer: the viewer can no longer write; unblocked, they can again.
  await anchorPage.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(anchorPage.getByText('You blocked this user: their messages do not reach you.')).toBeVisible();
  await viewerPage.reload();
  await expect(viewerPage.getByText('You cannot write in this conversation.')).toBeVisible();
  await anchorPage.getByRole('button', { name: 'Unblock' }).click();
  await viewerPage.reload();
  await expect(viewerPage.getByPlaceholder('Write a message…')).toBeVisible();
  await anchorContext.close();
  await viewerContext.close();
});

test('an operator’s system message raises the badge on a phone, in Chinese, and reads in the system conversation', async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 412, height: 860 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });
  await useSession(context, viewer);
  const page = await context.newPage();
  await page.goto('/user-center/privateChat?lang=zh-CN');
  await expect(page.getByRole('link', { name: /系统消息/ })).toBeVisible();
  const text = `今晚 02:00 系统维护 ${Date.now() % 100_000}`;
  runOps('message:send', '--phone', viewerPhone, text);
  await expect(page.getByText('您有一条新的系统消息')).toBeVisible();
  await expect(page.getByRole('link', { name: /系统消息/ })).toContainText('1');
  await page.getByRole('link', { name: /系统消息/ }).click();
  await expect(page.getByText(text)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('system-conversation-phone-zh.png') });
  // On a phone the open conversation takes the screen; back in the list, it is read.
  await page.getByRole('link', { name: '全部会话' }).click();
  await expect(page.getByRole('link', { name: /系统消息/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /系统消息/ })).not.toContainText('1');
  await context.close();
});
