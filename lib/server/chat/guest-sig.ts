import 'server-only';
// Guest identities of the built-in messaging provider `sc` (/api/scIm/getUserSig): a random id `guest_<hex>`
// and a sig `<expires>.<hmac>` the gateway checks without storing anything, like a user's sig (im-sig.ts)
// but under its own key, so a guest sig never passes as a user's.
import crypto from 'node:crypto';
import { addressKey } from '@/lib/server/http/address-key';
import { AppError } from '@/lib/server/http/errors';
import { getSessionSecret } from '@/lib/server/session/secret';
import type { GuestIdentity } from '@/lib/validation/chat';
import { allowAction } from './abuse-limits';

const guestSigTtlSeconds = 86_400;
const guestIdPattern = /^guest_[0-9a-f]{16}$/;

let key: Buffer | undefined;

function guestKey(): Buffer {
  key ??= crypto.createHmac('sha256', getSessionSecret()).update('sportcast:im-guest-sig:v1').digest();
  return key;
}

function sign(id: string, expires: number): string {
  return crypto.createHmac('sha256', guestKey()).update(`${id}.${expires}`).digest('hex');
}

export function isGuestId(id: string): boolean {
  return guestIdPattern.test(id);
}

export function createGuestIdentity(nowMs = Date.now()): GuestIdentity {
  const id = `guest_${crypto.randomBytes(8).toString('hex')}`;
  const expires = Math.floor(nowMs / 1000) + guestSigTtlSeconds;
  return { id, sig: `${expires}.${sign(id, expires)}` };
}

/** GET|POST /api/scIm/getUserSig: a guest identity, rate-limited per client address (an IPv6 /64). */
export async function issueGuestIdentity(clientAddress: string): Promise<GuestIdentity> {
  if (!(await allowAction('guestSig', addressKey(clientAddress)))) throw new AppError('api.errors.tooManyRequests');
  return createGuestIdentity();
}

export function verifyGuestSig(id: string, sig: string, nowMs = Date.now()): boolean {
  if (!isGuestId(id)) return false;
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(sig);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 <= nowMs) return false;
  const expected = Buffer.from(sign(id, expires), 'hex');
  const given = Buffer.from(match[2], 'hex');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
