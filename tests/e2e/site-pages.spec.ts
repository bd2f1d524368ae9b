// The licences pages (spec §2.2 /certificate1, /certificate2) and the console's site-page editor (docs/admin.md,
// "Site pages"): a visitor on a phone in Chinese finds the licences from the footer and goes on to the
// qualifications; an operator on a desktop in English rewrites this brand's licences with a preview, publishes,
// and the public page shows it within seconds while the other brand keeps the shared text.
import { expect, test } from '@playwright/test';
import enAdmin from '../../messages/en-US/admin.json';
import { demoPassword } from '../support/demo-password';
import { e2ePort } from './support/e2e-server';

const operatorPhone = '18800000005';

test('a visitor on a phone in Chinese opens the licences from the footer, then the qualifications', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: `http://zh.localhost:${e2ePort}`, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByRole('contentinfo').getByRole('link', { name: '经营证照' }).click();
  await expect(page).toHaveURL(/\/certificate1$/);
  await expect(page.getByRole('heading', { level: 1, name: '经营证照' })).toBeVisible();
  await expect(page.getByText('增值电信业务经营许可证（ICP证）', { exact: false })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('certificate1-phone-zh.png'), fullPage: true });
  await page.getByRole('link', { name: '查看资质证明' }).click();
  await expect(page).toHaveURL(/\/certificate2$/);
  await expect(page.getByRole('heading', { level: 1, name: '资质证明' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test('an operator rewrites this brand’s licences with a preview, and the public page follows', async ({ page }, testInfo) => {
  const t = enAdmin;
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin?lang=en-US');
  await page.getByLabel(t.signIn.phone).fill(operatorPhone);
  await page.getByLabel(t.signIn.password).fill(demoPassword);
  await page.getByRole('button', { name: t.signIn.submit }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.dashboard.heading })).toBeVisible();

  await page.getByRole('link', { name: t.nav.pages }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.pages.heading })).toBeVisible();
  await page.getByRole('link', { name: `${t.pages.edit}: Licences` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit: Licences' })).toBeVisible();
  await expect(page.getByText(t.pages.startsFromShared)).toBeVisible();

  // The preview follows the text as it is typed.
  await page.getByLabel(t.pages.titleEn).fill('SportCast licences');
  const body = page.getByLabel(t.pages.bodyEn);
  await body.fill(`${await body.inputValue()}\n\n## Broadcast partner\n\n- Rights partner: Example Sports Rights Ltd.`);
  const preview = page.getByLabel(t.pages.previewEn, { exact: true });
  await expect(preview.getByRole('heading', { name: 'SportCast licences' })).toBeVisible();
  await expect(preview.getByRole('heading', { name: 'Broadcast partner' })).toBeVisible();
  await expect(preview.getByText('Rights partner: Example Sports Rights Ltd.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('site-page-editor-desktop-en.png'), fullPage: true });
  await page.getByRole('button', { name: t.pages.save }).click();
  await expect(page.getByRole('status')).toHaveText(t.pages.saved);

  // The audit log has it; the public page shows it within the purge's seconds.
  await page.getByRole('link', { name: t.nav.audit }).click();
  await expect(page.getByRole('cell', { name: t.audit.actions['page.save'] }).first()).toBeVisible();
  await expect(async () => {
    await page.goto('/certificate1');
    await expect(page.getByRole('heading', { level: 1, name: 'SportCast licences' })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Rights partner: Example Sports Rights Ltd.')).toBeVisible();

  // The other brand keeps the shared text.
  const other = await page.context().browser()!.newContext({ baseURL: `http://zh.localhost:${e2ePort}` });
  const otherPage = await other.newPage();
  await otherPage.goto('/certificate1?lang=en-US');
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Licences' })).toBeVisible();
  await other.close();
});
