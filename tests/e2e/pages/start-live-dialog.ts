// The start-live settings dialog (spec §2.4 item 5) as an anchor uses it: pick, type, upload, copy, start or plan.
import { expect, type Locator, type Page } from '@playwright/test';

export class StartLiveDialog {
  readonly dialog: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Live settings' });
  }

  async openFromHeader(): Promise<void> {
    await this.page.getByRole('banner').getByRole('button', { name: 'Go live' }).click();
    await expect(this.dialog).toBeVisible();
  }

  /** By the start of its label: a required field's label ends in a star. */
  field(label: 'Category' | 'Secondary category' | 'Competition' | 'Match' | 'Title' | 'Planned start time'): Locator {
    return this.dialog.getByLabel(new RegExp(`^${label}`));
  }

  tab(name: 'Go live now' | 'Plan a live'): Locator {
    return this.dialog.getByRole('tab', { name });
  }

  submit(name: 'Start live' | 'Create plan'): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }

  /** Picks a file through the tile, as a person does in the file chooser. */
  async upload(tile: 'Cover' | 'Vertical cover', file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser');
    await this.dialog.getByRole('button', { name: new RegExp(`^${tile}( \\*)?$`) }).click();
    await (await chooser).setFiles(file);
    await expect(this.dialog.getByRole('button', { name: `Remove ${tile}` })).toBeVisible();
  }

  credential(label: 'Push address' | 'Push key'): Locator {
    return this.dialog.getByRole('group', { name: label });
  }
}
