// The slide captcha as a person solves it: look at the picture, find the darkened hole on the piece's row,
// drag the slider until the piece sits in it. Nothing is read from the server but the picture itself.
import { expect, type Locator, type Page } from '@playwright/test';

export class CaptchaPopup {
  readonly popup: Locator;

  constructor(private readonly page: Page) {
    this.popup = page.getByRole('dialog', { name: 'Security check' });
  }

  picture(): Locator {
    return this.popup.locator('img[data-captcha="picture"]');
  }

  knob(): Locator {
    return this.popup.getByRole('slider');
  }

  /**
   * Where the hole is, in picture pixels: the server darkens the hole to half brightness, so the place where the
   * picture looks most like the piece at half brightness (piece edges left out) is the answer.
   */
  async findHoleX(): Promise<number> {
    await expect(this.picture()).toBeVisible();
    return this.popup.evaluate(async (root) => {
      const picture = root.querySelector<HTMLImageElement>('img[data-captcha="picture"]');
      const piece = root.querySelector<HTMLImageElement>('img[data-captcha="piece"]');
      if (!picture || !piece) throw new Error('captcha images missing');
      const pixels = async (source: string) => {
        const image = new Image();
        image.src = source;
        await image.decode();
        const canvas = document.createElement('canvas');
        canvas.width = image.naturalWidth;
        canvas.height = image.naturalHeight;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d canvas');
        context.drawImage(image, 0, 0);
        return context.getImageData(0, 0, canvas.width, canvas.height);
      };
      const [scene, cutout] = await Promise.all([pixels(picture.src), pixels(piece.src)]);
      const y = Number(piece.dataset.y);
      const alphaAt = (i: number, j: number) =>
        i < 0 || j < 0 || i >= cutout.width || j >= cutout.height ? 0 : cutout.data[(j * cutout.width + i) * 4 + 3];
      // Inside the piece and at least 3 px from its outline, away from the drawn borders.
      const inside: [number, number][] = [];
      for (let j = 0; j < cutout.height; j += 1) {
        for (let i = 0; i < cutout.width; i += 1) {
          let solid = true;
          for (let dj = -3; dj <= 3 && solid; dj += 1) for (let di = -3; di <= 3 && solid; di += 1) solid = alphaAt(i + di, j + dj) === 255;
          if (solid) inside.push([i, j]);
        }
      }
      let best = { x: 0, error: Number.POSITIVE_INFINITY };
      for (let x = 0; x + cutout.width <= scene.width; x += 1) {
        let error = 0;
        for (const [i, j] of inside) {
          const s = ((y + j) * scene.width + x + i) * 4;
          const p = (j * cutout.width + i) * 4;
          for (let channel = 0; channel < 3; channel += 1) error += Math.abs(scene.data[s + channel] - cutout.data[p + channel] * 0.5);
        }
        if (error < best.error) best = { x, error };
      }
      return best.x;
    });
  }

  /** Drags the slider with the mouse so that the piece's left edge lands on `x` (picture pixels). */
  async dragTo(x: number): Promise<void> {
    const travel = await this.popup.evaluate((root) => {
      const track = root.querySelector<HTMLElement>('[role="slider"]')?.parentElement;
      const knob = root.querySelector<HTMLElement>('[role="slider"]');
      if (!track || !knob) throw new Error('captcha slider missing');
      return track.clientWidth - knob.offsetWidth;
    });
    const maxPieceX = Number(await this.knob().getAttribute('aria-valuemax'));
    const box = await this.knob().boundingBox();
    if (!box) throw new Error('captcha knob not visible');
    const startX = box.x + box.width / 2;
    const startY = box.y + box.height / 2;
    await this.page.mouse.move(startX, startY);
    await this.page.mouse.down();
    await this.page.mouse.move(startX + (x / maxPieceX) * travel, startY + 2, { steps: 24 });
    await this.page.mouse.up();
  }

  async solve(): Promise<void> {
    await expect(this.popup).toBeVisible();
    await expect(this.knob()).toHaveAttribute('aria-disabled', 'false');
    await this.dragTo(await this.findHoleX());
    await expect(this.popup.getByRole('status')).toHaveText('Verification successful');
  }
}
