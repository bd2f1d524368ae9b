// The live room on a phone (issue 18 item 6), at 390×844 as a person holds one: the video starts at the top and stays
// there, the chat fills the rest of the screen with its input bar in sight, typing (and the keyboard coming up) keeps
// the video in view, and the messages scroll on their own. The anchor's own room keeps its studio under the video.
// The desktop room keeps the chat beside the video. Screens of each are kept (test-results, not committed).
import { expect, test, type APIRequestContext, type Browser, type BrowserContext } from '@playwright/test';
import { LiveRoom } from './pages/live-room';
import { StudioPanel } from './pages/studio-panel';
import { newPhone, registerThroughApi, signInThroughApi, useSession, type ApiSession } from './support/api-session';
import { callAs, expectVideoAdvances, openLivePushUrl, pushTestPattern } from './support/live-viewing';

// A real stream, the player and the chat's speak-rate pauses: minutes on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const phone = { width: 390, height: 844 };
/** What is left above an on-screen keyboard: on Android the page is resized to it (interactive-widget=resizes-content). */
const aboveKeyboard = { width: 390, height: 470 };
/** The header's first row above the video; it scrolls away with the page. */
const headerRowPx = 64;
/** The server refuses a second line within 2 s of the last (chat config speak_rate). */
const speakGapMs = 2_600;

let api: APIRequestContext;
let anchor: ApiSession;
let viewer: ApiSession;
let encoder: { stop: () => Promise<void> };

async function signedIn(browser: Browser, session: ApiSession, viewport = phone): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport });
  await useSession(context, session);
  return context;
}

test.beforeAll(async ({ playwright, baseURL }) => {
  test.setTimeout(180_000);
  api = await playwright.request.newContext({ baseURL });
  // Coach Li, the demo's free room linked to a match; a new viewer, so no earlier test's chat state is theirs.
  anchor = await signInThroughApi(api, '18800000003');
  viewer = await registerThroughApi(api, newPhone('137'));
  encoder = pushTestPattern(await openLivePushUrl(api, anchor));
});

test.afterAll(async () => {
  await encoder?.stop();
  // The room is left as the next journey expects to find it: no live open.
  if (anchor) await callAs(api, anchor, '/webapi/live/endLive');
  await api?.dispose();
});

test('on a phone the video stays on top, the chat fills the rest, and typing keeps both in sight', async ({ browser }, testInfo) => {
  const context = await signedIn(browser, viewer);
  const page = await context.newPage();
  const room = new LiveRoom(page, anchor.nick_name);
  await page.goto(`/liveMatchesTwo/${anchor.id}`);
  await expectVideoAdvances(page);

  // The first screen: the header's one row, then the video full width, and the chat's input bar at the bottom.
  const video = await room.box(room.video);
  expect(video.top).toBeGreaterThanOrEqual(0);
  expect(video.top).toBeLessThanOrEqual(headerRowPx);
  expect(video.right - video.left).toBeCloseTo(phone.width, 0);
  await expect(room.chatInput).toBeEditable({ timeout: 30_000 });
  const input = await room.box(room.chatInput);
  expect(input.top).toBeGreaterThan(video.bottom);
  expect(input.bottom).toBeLessThanOrEqual(phone.height);
  expect(await room.pageScrollY()).toBe(0);
  // The site's tabs and search give the screen to the room; the first row (home, menu, language, account) stays.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByRole('banner').getByRole('link', { name: /SportCast/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('phone-room-viewer-390.png') });

  // Typing moves nothing.
  await room.chatInput.click();
  await room.chatInput.pressSequentially('Come on Senegal');
  expect(await room.box(room.video)).toEqual(video);
  expect((await room.box(room.chatInput)).bottom).toBeLessThanOrEqual(phone.height);

  // The keyboard comes up (the page is resized to what is left above it): the video goes to the very top and stays
  // whole, the input bar sits on the keyboard's edge, and the messages get what is between.
  await page.setViewportSize(aboveKeyboard);
  await expect.poll(async () => (await room.box(room.video)).top).toBe(0);
  const videoOverKeyboard = await room.box(room.video);
  expect(videoOverKeyboard.bottom).toBeCloseTo(video.bottom - video.top, 0);
  await expect.poll(async () => (await room.box(room.chatInput)).bottom).toBeLessThanOrEqual(aboveKeyboard.height);
  const messagesBox = await room.box(room.messageScroller);
  expect(messagesBox.top).toBeGreaterThanOrEqual(videoOverKeyboard.bottom);
  await expect(room.chatInput).toBeFocused();

  // Enough lines to overflow the few the list shows now (no digits: scores aside, they are what ads carry).
  for (const line of ['Come on Senegal', 'What a save', 'Great pass from the left', 'Surely that was offside', 'The keeper had no chance']) {
    await room.say(line);
    await page.waitForTimeout(speakGapMs);
  }
  await page.screenshot({ path: testInfo.outputPath('phone-room-keyboard-390x470.png') });

  // The messages scroll on their own: the wheel over them moves the list, not the page, and the video stays.
  const scroller = room.messageScroller;
  const before = await scroller.evaluate((element) => ({ top: element.scrollTop, room: element.scrollHeight - element.clientHeight }));
  expect(before.room).toBeGreaterThan(0);
  const pageScroll = await room.pageScrollY();
  const list = await room.box(scroller);
  await page.mouse.move((list.left + list.right) / 2, (list.top + list.bottom) / 2);
  await page.mouse.wheel(0, -400);
  await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeLessThan(before.top);
  expect(await room.pageScrollY()).toBe(pageScroll);
  expect((await room.box(room.video)).top).toBe(0);

  // The keyboard goes: the room is one screen again, as it was.
  await page.setViewportSize(phone);
  await expect.poll(async () => (await room.box(room.video)).top).toBe(video.top);
  expect((await room.box(room.chatInput)).bottom).toBeLessThanOrEqual(phone.height);
  await page.screenshot({ path: testInfo.outputPath('phone-room-chatting-390.png') });

  // The desktop room is as it was: chat beside the video, the site's tabs in the header.
  await page.setViewportSize({ width: 1366, height: 860 });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect.poll(async () => (await room.box(room.chatInput)).left).toBeGreaterThan((await room.box(room.video)).right);
  await page.screenshot({ path: testInfo.outputPath('desktop-room-1366.png') });
  await context.close();
});

test("on a phone the anchor's own room keeps the studio under the video, and the chat under the video once scrolled to", async ({ browser }, testInfo) => {
  const context = await signedIn(browser, anchor);
  const page = await context.newPage();
  const room = new LiveRoom(page, anchor.nick_name);
  const studio = new StudioPanel(page);
  await page.goto(`/liveMatchesTwo/${anchor.id}`);
  await expectVideoAdvances(page);
  await expect(studio.region).toBeVisible({ timeout: 30_000 });
  await expect(studio.region.getByRole('button', { name: 'End live' })).toBeVisible();
  const video = await room.box(room.video);
  expect(video.top).toBeLessThanOrEqual(headerRowPx);
  expect((await room.box(studio.region)).top).toBeGreaterThan(video.bottom);
  await page.screenshot({ path: testInfo.outputPath('phone-own-room-390.png') });
  await page.screenshot({ path: testInfo.outputPath('phone-own-room-390-full.png'), fullPage: true });

  // Scrolled down (over the studio) until the chat's input bar is at the bottom of the screen: the video stays stuck
  // on top and the chat fills the screen under it.
  const inputAtLoad = await room.box(room.chatInput);
  await page.mouse.move(phone.width / 2, phone.height - 120);
  await page.mouse.wheel(0, inputAtLoad.bottom + 12 - phone.height);
  await expect.poll(async () => (await room.box(room.chatInput)).bottom).toBeLessThanOrEqual(phone.height);
  const stuck = await room.box(room.video);
  expect(stuck.top).toBe(0);
  expect((await room.box(room.messageScroller)).top).toBeGreaterThanOrEqual(stuck.bottom);
  await page.screenshot({ path: testInfo.outputPath('phone-own-room-chat-390.png') });
  await context.close();
});
