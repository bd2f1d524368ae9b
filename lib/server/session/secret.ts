import 'server-only';
// The secret that seals session cookies: SESSION_SECRET, or one generated on first start and kept in DATA_DIR.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { getEnv } from '@/lib/env';

let secret: string | undefined;

export function getSessionSecret(): string {
  if (secret) return secret;
  const env = getEnv();
  if (env.SESSION_SECRET) return (secret = env.SESSION_SECRET);
  const file = path.join(env.dataDir, 'session-secret');
  try {
    secret = fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(env.dataDir, { recursive: true });
    secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
  }
  return secret;
}
