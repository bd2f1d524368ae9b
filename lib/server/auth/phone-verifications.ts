import 'server-only';
// The spec's `mobile_hash`: proof that a phone passed an SMS code check, good for one registration or
// one password reset within 15 minutes. A random token handed to the browser; only its SHA-256 is stored.
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { phoneVerifications, type PhoneVerificationPurpose } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { takeAll } from '@/lib/server/rate-limit/limits';

const verificationTtlMs = 15 * 60_000;

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export async function issuePhoneVerification(db: Db, mobile: string, purpose: PhoneVerificationPurpose): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(phoneVerifications).values({ tokenHash: hashToken(token), mobile, purpose, expiresAt: new Date(Date.now() + verificationTtlMs) });
  return token;
}

function usable(input: { token: string; mobile: string; purpose: PhoneVerificationPurpose }, now: Date) {
  return and(
    eq(phoneVerifications.tokenHash, hashToken(input.token)),
    eq(phoneVerifications.mobile, input.mobile),
    eq(phoneVerifications.purpose, input.purpose),
    isNull(phoneVerifications.consumedAt),
    gt(phoneVerifications.expiresAt, now),
  );
}

/** Refuses a proof that could not be spent, without spending it: checked before the costly password hash. */
export async function assertPhoneVerificationUsable(db: Db, input: { token: string; mobile: string; purpose: PhoneVerificationPurpose }): Promise<void> {
  const [found] = await db.select({ id: phoneVerifications.id }).from(phoneVerifications).where(usable(input, new Date())).limit(1);
  if (!found) throw new AppError('auth.verificationInvalid');
}

/** Spends a proof made for this phone and purpose; forged, expired, reused or foreign ones are refused. */
export async function consumePhoneVerification(db: Db, input: { token: string; mobile: string; purpose: PhoneVerificationPurpose }): Promise<void> {
  const now = new Date();
  const spent = await db
    .update(phoneVerifications)
    .set({ consumedAt: now })
    .where(usable(input, now))
    .returning({ id: phoneVerifications.id });
  if (spent.length === 0) throw new AppError('auth.verificationInvalid');
}

/** register and forgetPwdHash: a few uses per phone and per address in ten minutes, counted before anything else. */
export async function takePhoneProofUse(mobile: string, ip: string): Promise<void> {
  await takeAll(
    [
      { name: 'phoneProofUsePhone', key: mobile },
      { name: 'phoneProofUseIp', key: ip },
    ],
    () => new AppError('api.errors.tooManyRequests'),
  );
}
