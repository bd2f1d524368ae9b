// The login dialog as a visitor uses it: open it from the header, type, send codes, switch modes, submit.
import { expect, type Locator, type Page } from '@playwright/test';

export class LoginDialog {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.locator('dialog[open]').filter({ has: page.getByRole('button', { name: 'Close', exact: true }) }).first();
  }

  headerLoginButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', { name: 'Log in' });
  }

  async open(): Promise<void> {
    await this.headerLoginButton().click();
    await expect(this.dialog).toBeVisible();
  }

  title(): Locator {
    return this.dialog.getByRole('heading', { level: 2 });
  }

  phone(): Locator {
    return this.dialog.getByLabel('Phone number', { exact: true });
  }

  code(): Locator {
    return this.dialog.getByLabel('Verification code', { exact: true });
  }

  password(): Locator {
    return this.dialog.getByLabel('Password', { exact: true });
  }

  sendCodeButton(): Locator {
    return this.dialog.getByRole('button', { name: /^(Get code|Resend|\d+s)$/ });
  }

  submitButton(): Locator {
    return this.dialog.getByRole('button', { name: /^(Log in|Logging in…|Next|Save new password)$/ });
  }

  errorLine(): Locator {
    return this.dialog.getByRole('alert');
  }

  async usePassword(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Log in with password' }).click();
    await expect(this.title()).toHaveText('Log in with password');
  }

  async forgotPassword(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(this.title()).toHaveText('Reset your password');
  }

  /** Asks for a code and returns the moment it was asked, to find it in the outbox. */
  async sendCode(): Promise<Date> {
    const since = new Date();
    await this.sendCodeButton().click();
    await expect(this.sendCodeButton()).toHaveText(/^\d+s$/);
    await expect(this.sendCodeButton()).toBeDisabled();
    return since;
  }

  currentStep(): Locator {
    return this.dialog.getByRole('list', { name: 'Password reset steps' }).locator('[aria-current="step"]');
  }
}
