import 'server-only';
// The account limits: SMS resend gap and caps, failed-password throttling, captcha generation.
// Counters live in memory, or in Redis when REDIS_URL is set so that every process shares them.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/errors';
import { countAction, createRateLimiter, msBeforeAllowed, takeAll as takeAllLimits, type LimitSpec } from '@/lib/server/rate-limit';

function limitSpecs() {
  const env = getEnv();
  return {
    // Spec §9: one code per 60 s per phone.
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
  } satisfies Record<string, LimitSpec>;
}

export type LimitName = keyof ReturnType<typeof limitSpecs>;

const limiters = new Map<LimitName, RateLimiterAbstract>();

function limiter(name: LimitName): RateLimiterAbstract {
  let found = limiters.get(name);
  if (!found) {
    found = createRateLimiter(`rl:${name}`, limitSpecs()[name]);
    limiters.set(name, found);
  }
  return found;
}

/** Milliseconds until `key` may act again under `name`, or 0 when it may act now. */
export const waitBefore = (name: LimitName, key: string): Promise<number> => msBeforeAllowed(limiter(name), key);

/** Counts one action; the caller checked `waitBefore` first, so a refusal here is a race and is ignored. */
export const count = (name: LimitName, key: string): Promise<void> => countAction(limiter(name), key);

export async function resetLimit(name: LimitName, key: string): Promise<void> {
  await limiter(name).delete(key);
}

/** Checks every limit, then counts against all of them: a refused request leaves no counter changed. */
export async function takeAll(checks: readonly { name: LimitName; key: string }[], refuse: (waitMs: number, name: LimitName) => AppError): Promise<void> {
  const refused = await takeAllLimits(checks.map(({ name, key }) => ({ limiter: limiter(name), key })));
  if (refused) throw refuse(refused.waitMs, checks[refused.index].name);
}

export const minutesFrom = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
export const secondsFrom = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
