// The anchor's studio under their own video, as the anchor reads and uses it (issue 18).
import { expect, type Locator, type Page } from '@playwright/test';

type Figure = 'bitrate' | 'resolution' | 'frameRate' | 'viewers' | 'onAir';

export class StudioPanel {
  readonly region: Locator;

  constructor(
    private readonly page: Page,
    name = 'Your studio',
  ) {
    this.region = page.getByRole('region', { name });
  }

  figure(name: Figure): Locator {
    return this.region.getByTestId(`studio-${name}`);
  }

  credential(label: string): Locator {
    return this.region.getByRole('group', { name: label });
  }

  /** The whole value of a masked credential, as the copy button puts it on the clipboard. */
  async copy(label: string, copyName: string, copiedToast: string): Promise<string> {
    await this.credential(label).getByRole('button', { name: copyName }).click();
    await expect(this.page.getByRole('status').filter({ hasText: copiedToast }).first()).toBeVisible();
    return this.page.evaluate(() => navigator.clipboard.readText());
  }

  /** End live, answering the confirmation. */
  async endLive(names: { end: string; confirm: string }): Promise<void> {
    await this.region.getByRole('button', { name: names.end, exact: true }).click();
    await this.region.getByRole('button', { name: names.confirm }).click();
  }
}
