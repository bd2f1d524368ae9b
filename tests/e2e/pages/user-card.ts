// The header's user card: its trigger (avatar and nickname), the panel, and logout.
import { expect, type Locator, type Page } from '@playwright/test';

export class UserCard {
  constructor(private readonly page: Page) {}

  trigger(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^Account menu of / });
  }

  /** Opens the panel (a click on an open card's button would close it again). */
  async open(): Promise<Locator> {
    if ((await this.trigger().getAttribute('aria-expanded')) !== 'true') await this.trigger().click();
    const panel = this.page.locator(`[id="${await this.trigger().getAttribute('aria-controls')}"]`);
    await expect(panel).toBeVisible();
    return panel;
  }

  async expectSignedInAs(nickname: string | RegExp): Promise<void> {
    await expect(this.trigger()).toBeVisible();
    await expect(this.trigger()).toContainText(nickname);
  }

  async logout(): Promise<void> {
    const panel = await this.open();
    await Promise.all([this.page.waitForEvent('load'), panel.getByRole('button', { name: 'Log out' }).click()]);
    await expect(this.page.getByRole('banner').getByRole('button', { name: 'Log in' })).toBeVisible();
  }
}
