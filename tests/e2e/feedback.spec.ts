// The feedback form of /about/3 as a visitor uses it: the characters-left count follows the typing, the form's
// own checks speak the page's language, and a valid message is sent and acknowledged; a signed-in viewer's feedback
// is answered by an operator in the console and the reply reaches their system messages in their language.
import { expect, test } from '@playwright/test';
import { signInToConsole } from './pages/console-sign-in';
import { newPhone, registerThroughApi, useSession } from './support/api-session';
import { e2ePort } from './support/e2e-server';

test('a visitor sends feedback, corrected by the form where it is incomplete', async ({ page }) => {
  await page.goto('/about/3');
  const form = page.getByRole('region', { name: 'Send feedback' });
  const message = form.getByRole('textbox', { name: 'Your message' });
  const contact = form.getByRole('textbox', { name: /How can we reach you/ });
  await expect(form.getByText('1000 characters left')).toBeVisible();

  await message.fill('No sound');
  await expect(form.getByText('992 characters left')).toBeVisible();
  await contact.fill('somewhere');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByText('Please write at least 10 characters, so that we can understand the problem.')).toBeVisible();
  await expect(form.getByText('Please enter a phone number or an e-mail address, or leave it empty.')).toBeVisible();
  await expect(message).toHaveAttribute('aria-invalid', 'true');

  await form.getByRole('combobox', { name: 'Topic' }).selectOption({ label: 'A suggestion' });
  await message.fill('The replay of the final has no sound after half-time.');
  await contact.fill('fan@example.com');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your feedback has been received' })).toBeVisible();

  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(form.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
  await expect(form.getByText('1000 characters left')).toBeVisible();
});

test('the feedback form counts and checks in Chinese on the Chinese brand', async ({ page }) => {
  await page.goto(`http://zh.localhost:${e2ePort}/about/3`);
  const form = page.getByRole('region', { name: '提交反馈' });
  await expect(form.getByText('还可输入1000字')).toBeVisible();
  await form.getByRole('textbox').first().fill('没有声音');
  await expect(form.getByText('还可输入996字')).toBeVisible();
  await form.getByRole('button', { name: '提交反馈' }).click();
  await expect(form.getByText('请至少填写10个字，以便我们了解问题。')).toBeVisible();
});

test('a viewer writing in Chinese sends feedback, an operator replies in the console, and the viewer reads it in Chinese', async ({ browser, request }, testInfo) => {
  test.setTimeout(120_000);
  const viewer = await registerThroughApi(request, newPhone('156'));
  const text = `回放在中场后没有声音 ${String(Date.now()).slice(-5)}`;
  const viewerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await useSession(viewerContext, viewer);
  const viewerPage = await viewerContext.newPage();
  await viewerPage.goto('/about/3?lang=zh-CN');
  const form = viewerPage.getByRole('region', { name: '提交反馈' });
  await form.getByRole('textbox').first().fill(text);
  await form.getByRole('button', { name: '提交反馈' }).click();
  await expect(viewerPage.getByRole('heading', { name: /感谢/ })).toBeVisible();

  // The operator, in English, finds it among the new feedback and replies.
  const operatorPage = await (await browser.newContext({ viewport: { width: 1366, height: 860 } })).newPage();
  await signInToConsole(operatorPage, '18800000005', 'en-US');
  await operatorPage.getByRole('link', { name: 'Feedback', exact: true }).click();
  const item = operatorPage.getByRole('article').filter({ hasText: text });
  await expect(item).toContainText(viewer.nick_name);
  await item.getByLabel('Your reply').fill('Fixed: reload the replay page and the sound is back.');
  await item.getByRole('button', { name: 'Send the reply' }).click();
  // Answered, it leaves the new ones (the page reads its list again) and is among the answered, with the reply.
  await expect(item).toHaveCount(0);
  await operatorPage.getByRole('link', { name: 'Answered', exact: true }).click();
  await expect(operatorPage.getByRole('article').filter({ hasText: text })).toContainText('Fixed: reload the replay page');
  await operatorPage.screenshot({ path: testInfo.outputPath('console-feedback.png'), fullPage: true });
  await operatorPage.context().close();

  // The viewer's system messages have the reply, introduced in the language they wrote in.
  await viewerPage.goto('/user-center/privateChat?system=1');
  await expect(viewerPage.getByText('关于你的反馈，我们的回复：Fixed: reload the replay page and the sound is back.')).toBeVisible();
  await viewerPage.screenshot({ path: testInfo.outputPath('feedback-reply-phone-zh.png') });
  await viewerContext.close();
});
