import 'server-only';
// Avatar upload: the bytes must decode as JPEG, PNG, GIF or WebP (the file name and claimed type are ignored),
// are re-encoded to a 256×256 WebP (which also drops metadata such as GPS), and stored under uploads/avatars.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { deleteUpload, saveUpload } from '@/lib/server/uploads/files';
import type { UploadAvatarReply } from '@/lib/validation/users';

const acceptedFormats = new Set(['jpeg', 'png', 'gif', 'webp']);
const avatarPx = 256;
// A small file can still claim a huge canvas; refuse anything over 40 megapixels before decoding it.
const maxInputPixels = 40_000_000;

export async function replaceAvatar(db: Db, userId: number, file: File): Promise<UploadAvatarReply> {
  const bytes = Buffer.from(await file.arrayBuffer());
  // sharp throws at once (not in its promise) on an empty input: an empty file is simply not a picture.
  if (bytes.length === 0) throw new AppError('auth.avatarInvalidType');
  const format = await sharp(bytes, { limitInputPixels: maxInputPixels })
    .metadata()
    .then((metadata) => metadata.format)
    .catch(() => undefined);
  if (!format || !acceptedFormats.has(format)) throw new AppError('auth.avatarInvalidType');
  const webp = await sharp(bytes, { limitInputPixels: maxInputPixels })
    .rotate()
    .resize(avatarPx, avatarPx, { fit: 'cover' })
    .webp({ quality: 85 })
    .toBuffer()
    .catch(() => {
      throw new AppError('auth.avatarInvalidType');
    });
  const url = await saveUpload('avatars', `${userId}-${crypto.randomBytes(8).toString('hex')}.webp`, webp);
  const previous = await db.transaction(async (tx) => {
    const [row] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update');
    await tx.update(users).set({ avatar: url }).where(eq(users.id, userId));
    return row?.avatar ?? '';
  });
  await deleteUpload(previous);
  return { avatar: url };
}
