// A live room (/liveMatchesTwo/{id}) as a viewer sees and uses it: the video, the chat's message list and input bar,
// and where each sits on the screen.
import { expect, type Locator, type Page } from '@playwright/test';

export type Box = { top: number; bottom: number; left: number; right: number };

export class LiveRoom {
  readonly video: Locator;
  readonly chatInput: Locator;
  readonly messages: Locator;

  constructor(
    private readonly page: Page,
    anchorName: string,
  ) {
    this.video = page.getByLabel(`Live video of ${anchorName}`);
    this.chatInput = page.getByRole('textbox', { name: 'Say something…' });
    this.messages = page.getByRole('list', { name: 'Chat' });
  }

  /** Where `locator` is in the viewport now, in CSS pixels. */
  async box(locator: Locator): Promise<Box> {
    const box = await locator.boundingBox();
    if (!box) throw new Error('not on the page');
    return { top: box.y, bottom: box.y + box.height, left: box.x, right: box.x + box.width };
  }

  /** The element that scrolls the messages: the list's own scroller, not the page. */
  get messageScroller(): Locator {
    return this.messages.locator('xpath=..');
  }

  /** Sends a chat line as a viewer types it, and waits for it in the list. */
  async say(text: string): Promise<void> {
    await this.chatInput.fill(text);
    await this.chatInput.press('Enter');
    await expect(this.messages.getByText(text, { exact: true })).toBeVisible();
  }

  async pageScrollY(): Promise<number> {
    return this.page.evaluate(() => window.scrollY);
  }
}
