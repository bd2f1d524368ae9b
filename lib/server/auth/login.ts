import 'server-only';
// Login (spec §4 login flow): by SMS code (login_type 2), where an unknown phone gets status 301 and a
// mobile_hash for registration; or by password (login_type 1) behind a solved slide captcha.
import { eq } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { AppError, envelopeStatus } from '@/lib/server/http/errors';
import type { ResponseCookie } from '@/lib/server/http/cookies';
import { createSession } from '@/lib/server/session/sessions';
import { spendSolvedCaptcha } from '@/lib/server/captcha/challenges';
import { getUserInfo } from '@/lib/server/users/user-info';
import type { SignedIn } from '@/lib/validation/users';
import { verifyAgainstNothing, verifyPassword } from './passwords';
import { issuePhoneVerification } from './phone-verifications';
import { minutesFrom, refund, resetLimit, takeAll, type Limit } from '@/lib/server/rate-limit/limits';
import { sessionCookie } from '@/lib/server/session/session-cookie';
import { consumeSmsCode } from './sms-codes';

export type NewSession = { userId: number; token: string; credential: string; sessionId: number };

/** Spec §3 login response: data holds token, id and the user info; the session cookie rides along. */
export async function signedInReply(db: Db, request: NextRequest, session: NewSession): Promise<{ data: SignedIn; cookie: ResponseCookie }> {
  const info = await getUserInfo(db, session.userId, session.sessionId);
  return { data: { ...info, token: session.token }, cookie: await sessionCookie(request, session.credential) };
}

async function startSession(db: Db, userId: number, deviceId: string): Promise<NewSession> {
  return { userId, ...(await createSession(db, userId, deviceId)) };
}

export async function loginWithSmsCode(db: Db, input: { mobile: string; code: string; deviceId: string }): Promise<NewSession> {
  await consumeSmsCode(db, { mobile: input.mobile, purpose: 'login', code: input.code });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, input.mobile)).limit(1);
  if (!user) {
    const mobileHash = await issuePhoneVerification(db, input.mobile, 'register');
    throw new AppError('auth.unregistered', {}, envelopeStatus.unregistered, { mobile_hash: mobileHash });
  }
  return startSession(db, user.id, input.deviceId);
}

function passwordLimits(mobile: string, ip: string): Limit[] {
  return [
    { name: 'passwordFailPhoneIp', key: `${mobile}|${ip}` },
    { name: 'passwordFailPhone', key: mobile },
    { name: 'passwordFailIp', key: ip },
  ];
}

/**
 * Checks a password the throttled way, shared with the signed-in password change. The attempt is counted as a
 * failure before the check, in one atomic step, so parallel guesses cannot all pass a limit that is nearly
 * spent; it is given back when it was not one. `gate` runs first (the captcha): when it refuses, nothing counts.
 * `check` answers what a match yields, or undefined for a wrong password.
 */
export async function checkPasswordThrottled<T>(
  mobile: string,
  ip: string,
  check: () => Promise<T | undefined>,
  gate: () => Promise<void> = async () => undefined,
): Promise<T | undefined> {
  const limits = passwordLimits(mobile, ip);
  await takeAll(limits, (waitMs) => new AppError('auth.loginThrottled', { minutes: minutesFrom(waitMs) }));
  let matched: T | undefined;
  try {
    await gate();
    matched = await check();
  } catch (error) {
    await refund(limits);
    throw error;
  }
  if (matched !== undefined) {
    // A success clears the typo counter of this phone and address; the wider counters only lose this attempt.
    await refund(limits.slice(1));
    await resetLimit(limits[0].name, limits[0].key);
  }
  return matched;
}

/**
 * An unknown phone, an account without a password and a wrong password get the same reply after the same
 * argon2 work, so this path does not reveal which phones have accounts.
 */
export async function loginWithPassword(
  db: Db,
  input: { mobile: string; password: string; captchaId: string; deviceId: string; ip: string },
): Promise<NewSession> {
  const { mobile, password } = input;
  const userId = await checkPasswordThrottled(
    mobile,
    input.ip,
    async () => {
      const [user] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.mobile, mobile)).limit(1);
      const matches = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password);
      return user && matches ? user.id : undefined;
    },
    () => spendSolvedCaptcha(db, input.captchaId),
  );
  if (userId === undefined) throw new AppError('auth.wrongCredentials');
  return startSession(db, userId, input.deviceId);
}
