import 'server-only';
// Draws a slide-captcha: a 590×360 background made here from random shapes and colours (no stored images),
// a puzzle-shaped hole at a random place, the 50×59 piece cut from that place, and on the same row a decoy: the
// outline upside down (knob below), lighter. A person matches the piece's shape and picture; a script that
// only looks for the outlined dark patch on the row now has two. (A script comparing the picture itself still
// finds the hole: the limits on captchas and password tries are what bound guessing, docs/security.md.)
import crypto from 'node:crypto';
import sharp from 'sharp';

const captchaSize = { width: 590, height: 360 } as const;
const pieceSize = { width: 50, height: 59 } as const;

// A 50×50 square with a round knob on top (radius 8): 59 px tall in all.
const piecePath = 'M1,10 H17 A8,8 0 1,1 33,10 H49 V58 H1 Z';

const random = (min: number, max: number) => crypto.randomInt(min, max + 1);
const pick = <T>(items: readonly T[]): T => items[crypto.randomInt(items.length)];
const hsl = (hue: number, saturation: number, lightness: number) => `hsl(${hue % 360},${saturation}%,${lightness}%)`;

type Background = (hue: number) => string;

/** Rolling hills under a sky with a sun. */
const hills: Background = (hue) => {
  const { width, height } = captchaSize;
  const layers = [0.45, 0.6, 0.75].map((level, index) => {
    const base = height * level;
    let path = `M0,${base}`;
    for (let x = 0; x <= width; x += 59) path += ` Q${x + 30},${base - random(10, 70)} ${x + 59},${base + random(-20, 20)}`;
    return `<path d="${path} V${height} H0 Z" fill="${hsl(hue + 90 + index * 15, 45, 45 - index * 10)}"/>`;
  });
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hsl(hue, 70, 75)}"/><stop offset="1" stop-color="${hsl(hue + 40, 60, 90)}"/></linearGradient></defs>
<rect width="${width}" height="${height}" fill="url(#sky)"/><circle cx="${random(60, 530)}" cy="${random(40, 110)}" r="${random(25, 45)}" fill="${hsl(hue + 180, 90, 70)}"/>${layers.join('')}`;
};

/** Soft circles of light on a radial glow. */
const bokeh: Background = (hue) => {
  const { width, height } = captchaSize;
  const circles = Array.from({ length: 38 }, () => {
    const r = random(12, 70);
    return `<circle cx="${random(0, width)}" cy="${random(0, height)}" r="${r}" fill="${hsl(hue + random(0, 120), 75, random(45, 80))}" fill-opacity="${(random(15, 55) / 100).toFixed(2)}"/>`;
  });
  return `<defs><radialGradient id="glow" cx="${random(20, 80)}%" cy="${random(20, 80)}%" r="80%"><stop offset="0" stop-color="${hsl(hue, 60, 35)}"/><stop offset="1" stop-color="${hsl(hue + 200, 55, 12)}"/></radialGradient></defs>
<rect width="${width}" height="${height}" fill="url(#glow)"/>${circles.join('')}`;
};

/** A low-poly mosaic of triangles. */
const mosaic: Background = (hue) => {
  const { width, height } = captchaSize;
  const cell = 59;
  const shapes: string[] = [];
  for (let y = 0; y < height; y += cell) {
    for (let x = 0; x < width; x += cell) {
      const light = random(30, 70);
      shapes.push(`<path d="M${x},${y} H${x + cell} V${y + cell} Z" fill="${hsl(hue + random(0, 50), 55, light)}"/>`);
      shapes.push(`<path d="M${x},${y} V${y + cell} H${x + cell} Z" fill="${hsl(hue + random(0, 50), 55, light - random(5, 15))}"/>`);
    }
  }
  return `<rect width="${width}" height="${height}" fill="${hsl(hue, 50, 50)}"/>${shapes.join('')}`;
};

/** A football pitch seen from above: mown stripes and white lines. */
const pitch: Background = (hue) => {
  const { width, height } = captchaSize;
  const grass = 95 + (hue % 40);
  const stripes = Array.from({ length: 10 }, (_, index) => `<rect x="${index * 59}" width="59" height="${height}" fill="${hsl(grass, 55, index % 2 ? 34 : 40)}"/>`);
  const line = 'fill="none" stroke="#f4f4f4" stroke-width="4" stroke-opacity="0.85"';
  return `${stripes.join('')}<rect x="12" y="12" width="${width - 24}" height="${height - 24}" ${line}/>
<line x1="${width / 2}" y1="12" x2="${width / 2}" y2="${height - 12}" ${line.replace('fill="none" ', '')}/>
<circle cx="${width / 2}" cy="${height / 2}" r="55" ${line}/><rect x="12" y="${height / 2 - 80}" width="90" height="160" ${line}/>
<rect x="${width - 102}" y="${height / 2 - 80}" width="90" height="160" ${line}/>
<circle cx="${random(120, 470)}" cy="${random(60, 300)}" r="9" fill="#fff" stroke="#222" stroke-width="2"/>`;
};

/** Layered waves. */
const waves: Background = (hue) => {
  const { width, height } = captchaSize;
  const bands = Array.from({ length: 7 }, (_, index) => {
    const base = 40 + index * 50;
    const amplitude = random(10, 35);
    const phase = random(0, 100);
    const wavelength = random(40, 70);
    let path = `M0,${base}`;
    for (let x = 0; x <= width; x += 10) path += ` L${x},${(base + amplitude * Math.sin((x + phase) / wavelength)).toFixed(1)}`;
    return `<path d="${path} V${height} H0 Z" fill="${hsl(hue + index * 12, 60, 78 - index * 8)}"/>`;
  });
  return `<rect width="${width}" height="${height}" fill="${hsl(hue, 60, 85)}"/>${bands.join('')}`;
};

const backgrounds: readonly Background[] = [hills, bokeh, mosaic, pitch, waves];

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`);
}

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

export type CaptchaImages = { x: number; y: number; decoyX: number; image: string; slide: string };

/** A left edge for the decoy on the hole's row, clear of the hole and of the piece's starting place. */
function decoyPlace(holeX: number): number {
  const { width } = captchaSize;
  const clear = (x: number) => Math.abs(x - holeX) >= pieceSize.width + 10;
  for (;;) {
    const x = random(100, width - pieceSize.width - 10);
    if (clear(x)) return x;
  }
}

export async function drawCaptcha(): Promise<CaptchaImages> {
  const { width, height } = captchaSize;
  // Leave the first 100 px free: the piece starts there, and a hole under it would solve itself.
  const x = random(100, width - pieceSize.width - 10);
  const y = random(10, height - pieceSize.height - 10);
  const decoyX = decoyPlace(x);
  const background = await sharp(svg(width, height, pick(backgrounds)(random(0, 359)))).png().toBuffer();

  const cut = await sharp(background).extract({ left: x, top: y, width: pieceSize.width, height: pieceSize.height }).png().toBuffer();
  const slide = await sharp(cut)
    .composite([
      { input: svg(pieceSize.width, pieceSize.height, `<path d="${piecePath}" fill="#fff"/>`), blend: 'dest-in' },
      { input: svg(pieceSize.width, pieceSize.height, `<path d="${piecePath}" fill="none" stroke="#fff" stroke-width="2" stroke-opacity="0.9"/>`) },
    ])
    .png()
    .toBuffer();
  const image = await sharp(background)
    .composite([
      {
        input: svg(pieceSize.width, pieceSize.height, `<path d="${piecePath}" fill="#000" fill-opacity="0.5" stroke="#fff" stroke-width="2" stroke-opacity="0.8"/>`),
        left: x,
        top: y,
      },
      {
        input: svg(
          pieceSize.width,
          pieceSize.height,
          `<path d="${piecePath}" transform="rotate(180 ${pieceSize.width / 2} ${pieceSize.height / 2})" fill="#000" fill-opacity="0.35" stroke="#fff" stroke-width="2" stroke-opacity="0.8"/>`,
        ),
        left: decoyX,
        top: y,
      },
    ])
    .jpeg({ quality: 82 })
    .toBuffer();
  return { x, y, decoyX, image: dataUrl('image/jpeg', image), slide: dataUrl('image/png', slide) };
}
