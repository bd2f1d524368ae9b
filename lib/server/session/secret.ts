import 'server-only';
// The secret that seals session cookies: SESSION_SECRET, or one generated on first start and kept in DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';
import { createPrivateFile } from '@/lib/server/files/private-file';

const minimumLength = 32;
let secret: string | undefined;

/** Reads (or makes, once) DATA_DIR's secret; a file too short to be one stops the server rather than weakening every seal. */
export function readSecretFile(file: string): string {
  // Written whole or not at all, and by one process only when several start at once (lib/server/files).
  if (!fs.existsSync(file)) createPrivateFile(file, crypto.randomBytes(32).toString('base64url'));
  const found = fs.readFileSync(file, 'utf8').trim();
  if (found.length < minimumLength) {
    throw new Error(`${file} holds no usable secret (fewer than ${minimumLength} characters): delete it to have a new one made (every session then ends), or set SESSION_SECRET`);
  }
  return found;
}

export function getSessionSecret(): string {
  if (secret) return secret;
  const env = getEnv();
  secret = env.SESSION_SECRET ?? readSecretFile(path.join(env.dataDir, 'session-secret'));
  return secret;
}
