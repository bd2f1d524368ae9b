import 'server-only';
// Keys derived from the session secret, one per use, so a value made for one purpose never verifies for another.
import crypto from 'node:crypto';
import { getSessionSecret } from '@/lib/server/session/secret';

export type KeyPurpose = 'sms-code' | 'im-sig';

const derived = new Map<KeyPurpose, Buffer>();

function serverKey(purpose: KeyPurpose): Buffer {
  let key = derived.get(purpose);
  if (!key) {
    key = crypto.createHmac('sha256', getSessionSecret()).update(`sportcast:${purpose}:v1`).digest();
    derived.set(purpose, key);
  }
  return key;
}

export function hmacHex(purpose: KeyPurpose, message: string): string {
  return crypto.createHmac('sha256', serverKey(purpose)).update(message).digest('hex');
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
