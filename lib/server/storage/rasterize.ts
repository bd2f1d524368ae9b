import 'server-only';
// The site's own SVGs (match covers, covers and logos in public/) drawn as pictures: link previews show no SVG, and
// an SVG poster over a large screen weighs too few bytes for Chrome to count it as the page's largest paint (it
// ignores pictures under 0.05 bits per pixel). Drawing one takes tens of milliseconds and the same few are asked
// for again and again, so recent ones are kept.
import crypto from 'node:crypto';
import sharp from 'sharp';

export type RasterSize = { width: number } | { minWidth: number };

const drawn = new Map<string, Buffer>();
const drawnLimit = 200;

/** `svg` as PNG or WebP, `width` wide, or its own width scaled up to at least `minWidth`. */
export async function rasterizeSvg(svg: string, format: 'png' | 'webp', size: RasterSize): Promise<Buffer> {
  const key = crypto.createHash('sha256').update(svg).update(`\0${format}\0${JSON.stringify(size)}`).digest('hex');
  const cached = drawn.get(key);
  if (cached) return cached;
  const source = Buffer.from(svg);
  const { width: ownWidth = 'width' in size ? size.width : size.minWidth } = await sharp(source).metadata();
  const width = 'width' in size ? size.width : Math.max(ownWidth, size.minWidth);
  // An SVG's size is its width at 72 dpi: drawn at a higher density it comes out larger and still sharp.
  const image = sharp(source, { density: (72 * width) / ownWidth }).resize({ width });
  const bytes = await (format === 'png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 75 })).toBuffer();
  if (drawn.size >= drawnLimit) drawn.delete(drawn.keys().next().value as string);
  drawn.set(key, bytes);
  return bytes;
}
