import 'server-only';
// The user info's `sig` (spec §3): the ticket the built-in messaging service accepts as "this socket is user N".
// Format `<expires>.<hmac>`: expiry in Unix seconds, HMAC-SHA256 of "<uid>.<expires>" under a key derived
// from the session secret. The gateway checks it with verifyImSig; no state is stored.
import { hmacHex, sameDigest } from './keys';

export const imSigTtlSeconds = 7 * 86_400;

export function createImSig(userId: number, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + imSigTtlSeconds;
  return `${expires}.${hmacHex('im-sig', `${userId}.${expires}`)}`;
}

export function verifyImSig(userId: number, sig: string, nowMs = Date.now()): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(sig);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= nowMs) return false;
  return sameDigest(match[2], hmacHex('im-sig', `${userId}.${expires}`));
}
