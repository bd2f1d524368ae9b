import 'server-only';
// The user info's `sig` (spec §3): the ticket the built-in messaging service accepts as "this socket is user N".
// Format `<expires>.<session id>.<hmac>`: expiry in Unix seconds, the sign-in session it was issued to, and an
// HMAC-SHA256 of "<uid>.<session>.<expires>" under a key derived from the session secret. The gateway checks the
// HMAC (verifyImSig) and then that the session is still live, so signing out or a password reset revokes the sig.
import { hmacHex, sameDigest } from './keys';

export const imSigTtlSeconds = 7 * 86_400;

export function createImSig(userId: number, sessionId: number, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + imSigTtlSeconds;
  return `${expires}.${sessionId}.${hmacHex('im-sig', `${userId}.${sessionId}.${expires}`)}`;
}

/** The session the sig was issued to when it is genuine and unexpired (the caller checks the session is live). */
export function verifyImSig(userId: number, sig: string, nowMs = Date.now()): { sessionId: number } | undefined {
  const match = /^(\d{1,12})\.([1-9]\d{0,15})\.([0-9a-f]{64})$/.exec(sig);
  if (!match) return undefined;
  const expires = Number(match[1]);
  const sessionId = Number(match[2]);
  if (expires * 1000 <= nowMs) return undefined;
  return sameDigest(match[3], hmacHex('im-sig', `${userId}.${sessionId}.${expires}`)) ? { sessionId } : undefined;
}
