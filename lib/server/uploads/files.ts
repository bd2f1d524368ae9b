import 'server-only';
// Files users upload, kept on local disk under $DATA_DIR/uploads and served at /uploads/…
// Paths from URLs are checked segment by segment and must resolve inside that folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { getEnv } from '@/lib/env';

const uploadContentTypes: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
};

export function uploadsRoot(): string {
  return path.join(getEnv().dataDir, 'uploads');
}

/** Writes `bytes` as uploads/<folder>/<name> and returns its public URL path. */
export async function saveUpload(folder: string, name: string, bytes: Buffer): Promise<string> {
  const dir = path.join(uploadsRoot(), folder);
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, name), bytes, { mode: 0o644 });
  return `/uploads/${folder}/${name}`;
}

const safeSegment = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The file behind a /uploads/… URL path, or undefined for anything else (including every trick path). */
export async function resolveUpload(segments: readonly string[]): Promise<{ file: string; contentType: string } | undefined> {
  if (segments.length === 0 || segments.length > 4 || !segments.every((segment) => safeSegment.test(segment) && !segment.includes('..'))) return undefined;
  const contentType = uploadContentTypes[path.extname(segments[segments.length - 1]).toLowerCase()];
  if (!contentType) return undefined;
  const root = await fs.realpath(uploadsRoot()).catch(() => undefined);
  if (!root) return undefined;
  // realpath also follows symlinks, so a link pointing outside the folder is refused as well.
  const file = await fs.realpath(path.join(root, ...segments)).catch(() => undefined);
  if (!file || !file.startsWith(root + path.sep)) return undefined;
  const stat = await fs.stat(file).catch(() => undefined);
  return stat?.isFile() ? { file, contentType } : undefined;
}

/** Deletes a file this module saved, given its public URL path; anything else is left alone. */
export async function deleteUpload(urlPath: string): Promise<void> {
  if (!urlPath.startsWith('/uploads/')) return;
  const found = await resolveUpload(urlPath.slice('/uploads/'.length).split('/'));
  if (found) await fs.rm(found.file, { force: true });
}

/** The bytes and type behind a /uploads/… URL path, or undefined when there is no such upload. */
export async function readUpload(segments: readonly string[]): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const found = await resolveUpload(segments);
  return found ? { bytes: await fs.readFile(found.file), contentType: found.contentType } : undefined;
}
