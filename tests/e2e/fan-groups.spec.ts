// Fan groups (issue 24): a viewer joins an anchor's fan group from the anchor's page and chats there; the anchor,
// on the Messages page, sees the line arrive over the tab's connection and answers; a second member on a phone, in
// Chinese, sees both, recalls a line of their own and sends an image; the anchor deletes a line and bans that member,
// who is told "you have been banned" and loses the message box. A visitor is asked to sign in first. The anchor
// (made one by `ops user:role`) and the members are new accounts.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { newPhone, registerThroughApi, useSession, type ApiSession } from './support/api-session';
import { runOps } from './support/e2e-server';

test.describe.configure({ mode: 'serial' });

let api: APIRequestContext;
let anchor: ApiSession;
let fan: ApiSession;
let phoneFan: ApiSession;

test.beforeAll(async ({ playwright, baseURL }) => {
  api = await playwright.request.newContext({ baseURL });
  const anchorPhone = newPhone('136');
  anchor = await registerThroughApi(api, anchorPhone);
  expect(runOps('user:role', anchorPhone, 'anchor')).toContain('→ anchor');
  fan = await registerThroughApi(api, newPhone('136'));
  phoneFan = await registerThroughApi(api, newPhone('136'));
});

test.afterAll(async () => {
  await api.dispose();
});

async function signedInPage(browser: Browser, session: ApiSession, options: { phone?: boolean; locale?: 'zh-CN' } = {}): Promise<Page> {
  const context = await browser.newContext({
    ...(options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1366, height: 860 } }),
    ...(options.locale ? { locale: options.locale } : {}),
  });
  await useSession(context, session);
  return context.newPage();
}

test('a visitor is asked to sign in before joining a fan group', async ({ page }) => {
  await page.goto(`/anchorInfo/${anchor.id}`);
  await page.getByRole('button', { name: 'Join fan group' }).click();
  await expect(page.getByRole('dialog').getByRole('button', { name: /Log in/i }).first()).toBeVisible();
});

test('a viewer joins from the anchor page and chats; the anchor answers, deletes a line and bans a member', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const fanPage = await signedInPage(browser, fan);
  await fanPage.goto(`/anchorInfo/${anchor.id}`);
  await fanPage.getByRole('button', { name: 'Join fan group' }).click();
  await expect(fanPage).toHaveURL(new RegExp(`/user-center/privateChat\\?group=${anchor.id}$`));
  const groupTitle = `${anchor.nick_name}'s fan group`;
  await expect(fanPage.getByRole('heading', { name: new RegExp(groupTitle) })).toBeVisible();
  await expect(fanPage.locator('li', { hasText: `${fan.nick_name} joined the group` })).toBeVisible();

  const anchorPage = await signedInPage(browser, anchor);
  await anchorPage.goto('/user-center/privateChat');
  const groupLink = anchorPage.getByRole('link', { name: new RegExp(groupTitle) });
  await expect(groupLink).toBeVisible();
  await groupLink.click();
  await expect(anchorPage.getByRole('heading', { name: new RegExp(groupTitle) })).toContainText('2 members');

  const hello = `Who is ready for kick-off? ${Date.now() % 100_000}`;
  await fanPage.getByPlaceholder('Message the group…').fill(hello);
  await fanPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(fanPage.locator('li[data-mine="yes"]', { hasText: hello })).toBeVisible();
  // Over the anchor's tab connection, without a reload.
  await expect(anchorPage.locator('li[data-mine="no"]', { hasText: hello })).toBeVisible();
  const answer = `Ten minutes to go! ${Date.now() % 100_000}`;
  await anchorPage.getByPlaceholder('Message the group…').fill(answer);
  await anchorPage.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(fanPage.locator('li[data-mine="no"]', { hasText: answer })).toBeVisible();

  // A second member, on a phone, in Chinese: joins, reads both lines, recalls one of their own and sends an image.
  const phonePage = await signedInPage(browser, phoneFan, { phone: true, locale: 'zh-CN' });
  await phonePage.goto(`/anchorInfo/${anchor.id}?lang=zh-CN`);
  await phonePage.getByRole('button', { name: '加入粉丝群' }).click();
  await expect(phonePage.getByRole('heading', { name: new RegExp(`${anchor.nick_name}的粉丝群`) })).toBeVisible();
  await expect(phonePage.locator('li', { hasText: hello })).toBeVisible();
  await expect(phonePage.locator('li', { hasText: answer })).toBeVisible();
  const oops = `发错了 ${Date.now() % 100_000}`;
  await phonePage.getByPlaceholder('在群里说点什么…').fill(oops);
  await phonePage.getByRole('button', { name: '发送', exact: true }).click();
  await expect(anchorPage.locator('li', { hasText: oops })).toBeVisible();
  await phonePage.locator('li[data-mine="yes"]', { hasText: oops }).getByRole('button', { name: '撤回' }).click();
  await expect(phonePage.locator('li', { hasText: `${phoneFan.nick_name} 撤回了一条消息` })).toBeVisible();
  await expect(anchorPage.locator('li', { hasText: `${phoneFan.nick_name} recalled a message` })).toBeVisible();
  await expect(anchorPage.locator('li', { hasText: oops })).toHaveCount(0);
  const scarf = await sharp({ create: { width: 160, height: 90, channels: 3, background: '#c8102e' } }).png().toBuffer();
  await phonePage.locator('input[type="file"]').setInputFiles({ name: 'scarf.png', mimeType: 'image/png', buffer: scarf });
  await expect(anchorPage.locator('li[data-mine="no"] img[src$=".webp"]')).toBeVisible();
  await phonePage.screenshot({ path: testInfo.outputPath('phone-group-zh.png') });

  // The anchor moderates: deletes the first member's line, bans the second.
  await anchorPage.locator('li[data-mine="no"]', { hasText: hello }).getByRole('group', { name: `Moderate ${fan.nick_name}` }).getByRole('button', { name: 'Delete' }).click();
  await expect(fanPage.locator('li', { hasText: `A message from ${fan.nick_name} was deleted` })).toBeVisible();
  await expect(fanPage.locator('li', { hasText: hello })).toHaveCount(0);
  await anchorPage.locator('li[data-mine="no"]').filter({ has: anchorPage.locator('img') }).getByRole('button', { name: 'Ban 10 min' }).click();
  await expect(phonePage.getByText('你已被禁言').first()).toBeVisible();
  await expect(phonePage.getByText('你在本群已被禁言。')).toBeVisible();
  await expect(phonePage.getByPlaceholder('在群里说点什么…')).toHaveCount(0);
  await expect(fanPage.locator('li', { hasText: `${phoneFan.nick_name} was banned` })).toBeVisible();
  await anchorPage.screenshot({ path: testInfo.outputPath('anchor-group.png') });

  // The Messages list counts what the first member has not read yet.
  await fanPage.goto('/user-center/privateChat');
  const fanGroupLink = fanPage.getByRole('link', { name: new RegExp(groupTitle) });
  await expect(fanGroupLink).toBeVisible();
  await fanPage.screenshot({ path: testInfo.outputPath('fan-list.png') });
});
