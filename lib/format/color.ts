// Accessible variants of a brand colour: the raw theme colour is an accent, not always readable as text or behind text.

type Rgb = readonly [number, number, number];

function parseHex(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(match[1], 16), parseInt(match[2], 16), parseInt(match[3], 16)];
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  const channel = (i: 0 | 1 | 2) => color[i] + (target[i] - color[i]) * amount;
  return [channel(0), channel(1), channel(2)];
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** The colour moved towards `towards` just far enough to reach `minRatio` against `background`. */
function adjustForContrast(color: string, background: string, towards: '#ffffff' | '#000000', minRatio = 4.5): string {
  const start = parseHex(color);
  const target = parseHex(towards);
  for (let step = 0; step <= 20; step += 1) {
    const candidate = toHex(mix(start, target, step / 20));
    if (contrastRatio(candidate, background) >= minRatio) return candidate;
  }
  return towards;
}

/** The page's darkest text surface; brand text must stay readable on it. */
export const darkSurface = '#0b0f17';

export type BrandPalette = { brand: string; brandOnDark: string; brandSolid: string };

/**
 * `brand` for decoration, `brandOnDark` for text and icons on the dark UI,
 * `brandSolid` as a fill behind white text (buttons, badges).
 */
export function brandPalette(themeColor: string): BrandPalette {
  return {
    brand: themeColor.toLowerCase(),
    brandOnDark: adjustForContrast(themeColor, darkSurface, '#ffffff'),
    brandSolid: adjustForContrast(themeColor, '#ffffff', '#000000'),
  };
}
