// The daily check-in dialog (spec §2.4 item 7, §4) as a viewer meets it, opened from the header or by itself.
import { expect, type Locator, type Page } from '@playwright/test';

export class CheckinDialog {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: /^(Daily check-in|每日签到)$/ });
  }

  headerButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: /^(Check in|签到)$/ });
  }

  /**
   * Opens the dialog from the header button in view (a desktop's header) as a person would: a press that came before
   * the page was ready (before hydration) does nothing, and the person presses again.
   */
  async open(): Promise<void> {
    await expect(async () => {
      if (!(await this.dialog.isVisible())) await this.headerButton().click({ timeout: 5_000 });
      await expect(this.dialog).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  }

  days(): Locator {
    return this.dialog.getByRole('listitem').filter({ hasText: /Day|Today|第|今天/ });
  }

  checkInButton(): Locator {
    return this.dialog.getByRole('button', { name: /^(Check in|立即签到)$/ });
  }

  close(): Locator {
    return this.dialog.getByRole('button', { name: /^(Close|关闭)$/ });
  }
}
