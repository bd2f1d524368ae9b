import 'server-only';
// The named request limits (accounts, captcha, ID photos, check-ins): SMS resend gap and caps, failed-password throttling, captcha generation, the use of
// phone proofs. Counters live in memory, or in Redis when REDIS_URL is set so that every process shares them.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { getEnv } from '@/lib/env';
import type { AppError } from '@/lib/server/http/errors';
import { createRateLimiter, refundAll, takeAll as takeAllLimits, type LimitSpec } from '@/lib/server/rate-limit';

function limitSpecs() {
  const env = getEnv();
  return {
    // Spec §9: one code per 60 s per phone (the code's own transaction checks it again, lib/server/auth/sms-codes.ts).
    smsResendGap: { points: 1, durationSeconds: 60 },
    smsPhoneHourly: { points: env.SMS_PHONE_HOURLY_LIMIT, durationSeconds: 3600 },
    smsPhoneDaily: { points: env.SMS_PHONE_DAILY_LIMIT, durationSeconds: 86_400 },
    smsIpHourly: { points: env.SMS_IP_HOURLY_LIMIT, durationSeconds: 3600 },
    smsIpDaily: { points: env.SMS_IP_DAILY_LIMIT, durationSeconds: 86_400 },
    // Failed password checks: per phone and IP (the usual typo-prone owner), per phone from anywhere
    // (slow distributed guessing), and per IP (one host trying many phones).
    passwordFailPhoneIp: { points: 5, durationSeconds: 900 },
    passwordFailPhone: { points: 20, durationSeconds: 3600 },
    passwordFailIp: { points: 100, durationSeconds: 3600 },
    captchaIssueIp: { points: 30, durationSeconds: 60 },
    // register and forgetPwdHash hash a password (argon2, on the thread pool HLS reads share): a proof is
    // needed first, and one address cannot keep the pool busy with them.
    phoneProofUsePhone: { points: 10, durationSeconds: 600 },
    phoneProofUseIp: { points: 30, durationSeconds: 600 },
    // Identity photos are re-encoded at up to 2000 px and kept: a few tries an hour per account.
    idPhotoUploadUser: { points: 20, durationSeconds: 3600 },
    // Each recharge order opens a checkout with a payment provider: a person buys a few at a time, not hundreds.
    rechargeOrderUser: { points: 10, durationSeconds: 600 },
    // Daily check-in rewards against farming with throw-away accounts: check-ins per device and per address a day.
    checkinDevice: { points: env.CHECKIN_DEVICE_DAILY_LIMIT, durationSeconds: 86_400 },
    checkinIp: { points: env.CHECKIN_IP_DAILY_LIMIT, durationSeconds: 86_400 },
  } satisfies Record<string, LimitSpec>;
}

export type LimitName = keyof ReturnType<typeof limitSpecs>;
export type Limit = { name: LimitName; key: string };

const limiters = new Map<LimitName, RateLimiterAbstract>();

function limiter(name: LimitName): RateLimiterAbstract {
  let found = limiters.get(name);
  if (!found) {
    found = createRateLimiter(`rl:${name}`, limitSpecs()[name]);
    limiters.set(name, found);
  }
  return found;
}

const resolve = (limits: readonly Limit[]) => limits.map(({ name, key }) => ({ limiter: limiter(name), key }));

export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/** Counts one action against every limit, or throws `refuse(...)` with nothing counted when any is exhausted. */
export async function takeAll(limits: readonly Limit[], refuse: (waitMs: number, name: LimitName) => AppError): Promise<void> {
  const refused = await takeAllLimits(resolve(limits));
  if (refused) throw refuse(refused.waitMs, limits[refused.index].name);
}

/** Gives back what `takeAll` counted, for an action that turned out not to count (a refusal further on, a success). */
export const refund = (limits: readonly Limit[]): Promise<void> => refundAll(resolve(limits));

export const minutesFrom = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
export const secondsFrom = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
