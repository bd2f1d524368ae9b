// The operator console's sign-in as a person does it: /admin in the given language (?lang= sets the visitor's
// choice) sends them to the sign-in form; phone and password (the demo accounts' test password) open the dashboard.
import { expect, type Page } from '@playwright/test';
import enAdmin from '../../../messages/en-US/admin.json';
import { demoPassword } from '../../support/demo-password';

export async function signInToConsole(page: Page, phone: string, locale: 'en-US' | 'zh-CN', t: typeof enAdmin = enAdmin): Promise<void> {
  await page.goto(`/admin?lang=${locale}`);
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expect(page.getByRole('heading', { name: t.signIn.heading })).toBeVisible();
  await page.getByLabel(t.signIn.phone).fill(phone);
  await page.getByLabel(t.signIn.password).fill(demoPassword);
  await page.getByRole('button', { name: t.signIn.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.dashboard.heading })).toBeVisible();
}
