import 'server-only';
// Covers and identity photos: the configured object storage for covers (STORAGE=local|oss), and a private
// folder for identity photos, which are never served over HTTP (operators read them on the server).
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/errors';
import { createAliOssStorage, ossSettings } from './ali-oss';
import { encodeCover, encodeIdPhoto } from './images';
import { createLocalDiskStorage } from './local-disk';
import { log } from '@/lib/server/log';
import type { CheckedCover, ObjectStorage } from './object-storage';
import type { UploadCredentials } from '@/lib/validation/live';

let storage: ObjectStorage | undefined;

function getObjectStorage(): ObjectStorage {
  if (storage) return storage;
  const settings = getEnv().STORAGE === 'oss' ? ossSettings(getEnv()) : undefined;
  storage = settings ? createAliOssStorage(settings) : createLocalDiskStorage();
  return storage;
}

/** A picture judged by its bytes and re-encoded as the WebP cover `userId` may use. */
async function checkedCover(userId: number, file: File): Promise<CheckedCover> {
  const { bytes } = await encodeCover(file);
  return { key: `covers/${userId}-${crypto.randomBytes(10).toString('hex')}.webp`, bytes, contentType: 'image/webp' };
}

/** POST /api/user/file: the cover stored as WebP; the path is relative to img_upload_url (spec §7). */
export async function storeCover(userId: number, file: File): Promise<string[]> {
  const { key, bytes, contentType } = await checkedCover(userId, file);
  try {
    return [await getObjectStorage().put(key, bytes, contentType)];
  } catch (error) {
    log.error('cover not stored', { error: error instanceof Error ? error.message : String(error) });
    throw new AppError('live.upload.failed');
  }
}

/**
 * An image for a private message: checked and re-encoded like a cover, stored as chat-<sender>-<random>.webp (in
 * chat/ on local disk, images/ on OSS). The returned path is what the message carries; only its sender may send it
 * (lib/server/inbox checks the name).
 */
export async function storeChatImage(userId: number, file: File): Promise<{ key: string; url: string }> {
  const { bytes } = await encodeCover(file);
  try {
    const key = await getObjectStorage().put(`chat/chat-${userId}-${crypto.randomBytes(10).toString('hex')}.webp`, bytes, 'image/webp');
    return { key, url: getObjectStorage().publicUrl(key) };
  } catch (error) {
    log.error('chat image not stored', { error: error instanceof Error ? error.message : String(error) });
    throw new AppError('live.upload.failed');
  }
}

/** Where the browser loads a stored chat image from. */
/** Whether `key` is a chat image `senderId` uploaded (storeChatImage): a message may carry only its sender's own. */
export function isOwnChatImage(senderId: number, key: string): boolean {
  return new RegExp(`^(?:chat|images)/chat-${senderId}-[0-9a-f]{20}\\.webp$`).test(key);
}

export function chatImageUrl(key: string): string {
  return key === '' ? '' : getObjectStorage().publicUrl(key);
}

/** GET/POST /api/oss_sts: status 1 "object storage is not configured" with the local-disk default. */
export async function uploadCredentialsFor(userId: number): Promise<UploadCredentials> {
  const credentials = await getObjectStorage()
    .uploadCredentials(userId)
    .catch((error: unknown) => {
      log.error('upload credentials failed', { error: error instanceof Error ? error.message : String(error) });
      throw new AppError('live.errors.storageFailed');
    });
  if (!credentials) throw new AppError('live.errors.storageNotConfigured');
  return credentials;
}

export function idPhotosDir(): string {
  return path.join(getEnv().dataDir, 'private', 'id-photos');
}

/** Saves an identity photo and returns its name; only its owner can refer to it in an application. */
export async function storeIdPhoto(userId: number, file: File): Promise<string> {
  const bytes = await encodeIdPhoto(file);
  const name = `${userId}-${crypto.randomBytes(12).toString('hex')}.jpg`;
  await fs.mkdir(idPhotosDir(), { recursive: true, mode: 0o700 });
  await fs.writeFile(path.join(idPhotosDir(), name), bytes, { mode: 0o600 });
  return name;
}

/**
 * Deletes the user's identity photos except `keep` (the new one, and the one an application names): a user
 * holds at most two on the server, however often they upload.
 */
export async function pruneIdPhotos(userId: number, keep: readonly string[]): Promise<void> {
  const own = new RegExp(`^${userId}-[0-9a-f]{24}\\.jpg$`);
  const names = await fs.readdir(idPhotosDir()).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => own.test(name) && !keep.includes(name)).map((name) => fs.rm(path.join(idPhotosDir(), name), { force: true })));
}

export async function idPhotoExists(userId: number, name: string): Promise<boolean> {
  if (!new RegExp(`^${userId}-[0-9a-f]{24}\\.jpg$`).test(name)) return false;
  return fs
    .stat(path.join(idPhotosDir(), name))
    .then((stat) => stat.isFile())
    .catch(() => false);
}

/** A cover URL from a client, as stored: one of ours (or the caller's checked upload), or empty; anything else is refused. */
export async function resolveCover(url: string, userId: number): Promise<string> {
  if (url.trim() === '') return '';
  const resolved = await getObjectStorage().resolveCoverUrl(url, userId, (file) => checkedCover(userId, file));
  if (!resolved) throw new AppError('live.validation.badCover');
  return resolved;
}
