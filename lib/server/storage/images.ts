import 'server-only';
// Uploaded pictures judged by their bytes: JPEG, PNG, GIF and BMP only (spec §5; the name's extension must not
// say otherwise, so .jfif is refused), under 2 MB, decoded and re-encoded, which drops metadata such as GPS and
// anything riding along in the file.
import sharp, { type Sharp } from 'sharp';
import { coverExtensions } from '@/lib/validation/live';
import { AppError } from '@/lib/server/http/errors';
import { decodeBmp, isBmp } from './bmp';

// A small file can still claim a huge canvas; nothing over 40 megapixels is decoded.
const maxInputPixels = 40_000_000;
const acceptedFormats = new Set(['jpeg', 'png', 'gif']);

export type PictureFormat = 'jpeg' | 'png' | 'gif' | 'bmp';

function extensionOf(name: string): string | undefined {
  const match = /\.([^./\\]+)$/.exec(name);
  return match ? match[1].toLowerCase() : undefined;
}

/** The input sharp reads: the file itself, or BMP pixels we decoded. Refuses anything else. */
async function readPicture(file: File, keepAnimation: boolean): Promise<{ image: Sharp; format: PictureFormat }> {
  const extension = extensionOf(file.name);
  if (extension && !(coverExtensions as readonly string[]).includes(extension)) throw new AppError('live.upload.badType');
  const bytes = Buffer.from(await file.arrayBuffer());
  // sharp throws at once (not in its promise) on an empty input: an empty file is simply not a picture.
  if (bytes.length === 0) throw new AppError('live.upload.badType');
  if (isBmp(bytes)) {
    const decoded = decodeBmp(bytes);
    if (!decoded) throw new AppError('live.upload.badType');
    return { image: sharp(decoded.data, { raw: { width: decoded.width, height: decoded.height, channels: 4 } }), format: 'bmp' };
  }
  const format = await sharp(bytes, { limitInputPixels: maxInputPixels })
    .metadata()
    .then((metadata) => metadata.format)
    .catch(() => undefined);
  if (!format || !acceptedFormats.has(format)) throw new AppError('live.upload.badType');
  const animated = keepAnimation && format === 'gif';
  const image = sharp(bytes, { limitInputPixels: maxInputPixels, animated });
  return { image: animated ? image : image.rotate(), format: format as PictureFormat };
}

/** A cover: at most 1280 px on its long side, as WebP (an animated GIF stays animated). */
export async function encodeCover(file: File): Promise<{ bytes: Buffer; format: PictureFormat }> {
  const { image, format } = await readPicture(file, true);
  const bytes = await image
    .resize({ width: 1280, height: 1280, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer()
    .catch(() => {
      throw new AppError('live.upload.badType');
    });
  return { bytes, format };
}

/** An identity document photo: kept sharp enough to read, as JPEG, never animated. */
export async function encodeIdPhoto(file: File): Promise<Buffer> {
  const { image } = await readPicture(file, false);
  return image
    .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 90 })
    .toBuffer()
    .catch(() => {
      throw new AppError('live.upload.badType');
    });
}
