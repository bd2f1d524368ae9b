// The feedback form of /about/3 as a visitor uses it: the characters-left count follows the typing, the form's
// own checks speak the page's language, and a valid message is sent and acknowledged.
import { expect, test } from '@playwright/test';
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
