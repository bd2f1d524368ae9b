import 'server-only';
// SMS verification codes (spec §4, §9): 6 digits from a CSPRNG, valid 5 minutes, void after 5 wrong tries,
// one per phone per 60 s (SMS_RESEND_GAP_SECONDS), hourly and daily caps per phone and per IP. Only an HMAC of each code is stored.
import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { smsCodes, users, type SmsCodePurpose } from '@/lib/db/schema';
import { smsCodeLength } from '@/lib/validation/auth';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { getSmsSender } from '@/lib/server/sms';
import { hmacHex, sameDigest } from '@/lib/server/session/keys';
import { minutesFrom, refund, secondsFrom, takeAll, type Limit } from '@/lib/server/rate-limit/limits';

const smsCodeTtlMs = 5 * 60_000;
const smsCodeMaxWrongTries = 5;

function hashCode(mobile: string, purpose: SmsCodePurpose, code: string): string {
  return hmacHex('sms-code', `${purpose}:${mobile}:${code}`);
}

// Advisory-lock namespace of the per-phone send lock (any constant; the migration lock uses 727001).
const smsSendLockSpace = 727002;

/**
 * Sends a code for login (`is_change_mobile` 0) or password reset (1). A reset for a phone without an account
 * answers the same and counts the same, but nothing is sent: the reply does not tell who has an account.
 */
export async function sendSmsCode(db: Db, input: { mobile: string; purpose: SmsCodePurpose; ip: string }): Promise<void> {
  const { mobile, purpose, ip } = input;
  const limits: Limit[] = [
    { name: 'smsResendGap', key: mobile },
    { name: 'smsPhoneHourly', key: mobile },
    { name: 'smsPhoneDaily', key: mobile },
    { name: 'smsIpHourly', key: ip },
    { name: 'smsIpDaily', key: ip },
  ];
  await takeAll(limits, (waitMs, name) =>
    name === 'smsResendGap' ? tooSoon(waitMs) : new AppError('auth.sendLimitReached', { minutes: minutesFrom(waitMs) }),
  );
  const [account] = purpose === 'reset' ? await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1) : [];
  const deliver = purpose === 'login' || Boolean(account);

  const code = String(crypto.randomInt(0, 10 ** smsCodeLength)).padStart(smsCodeLength, '0');
  const outcome = await db.transaction(async (tx) => {
    // One sender per phone at a time, across processes: the gap below holds even when the limiters do not
    // share counters (no Redis, or Redis down and each process on its in-memory insurance).
    await tx.execute(sql`select pg_advisory_xact_lock(${smsSendLockSpace}, hashtext(${mobile}))`);
    const now = new Date();
    const [last] = await tx.select({ createdAt: smsCodes.createdAt }).from(smsCodes).where(eq(smsCodes.mobile, mobile)).orderBy(desc(smsCodes.createdAt)).limit(1);
    const sinceLast = last ? now.getTime() - last.createdAt.getTime() : Infinity;
    const resendGapMs = getEnv().SMS_RESEND_GAP_SECONDS * 1000;
    if (sinceLast < resendGapMs) return { stored: false as const, waitMs: resendGapMs - sinceLast };
    // Only the newest code works: an older one still sitting in the inbox is void.
    await tx
      .update(smsCodes)
      .set({ voidedAt: now })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt), isNull(smsCodes.voidedAt)));
    // Undelivered (a reset for a phone without an account): a code nobody knows, so a guess fails as it would
    // for a real account and its tries run out the same way.
    const codeHash = hashCode(mobile, purpose, deliver ? code : crypto.randomBytes(16).toString('hex'));
    const [row] = await tx
      .insert(smsCodes)
      .values({ mobile, purpose, codeHash, requestIp: ip, createdAt: now, expiresAt: new Date(now.getTime() + smsCodeTtlMs) })
      .returning({ id: smsCodes.id });
    return { stored: true as const, id: row.id };
  });
  if (!outcome.stored) {
    // Nothing was sent: this request does not count against the caps.
    await refund(limits);
    throw tooSoon(outcome.waitMs);
  }
  if (!deliver) return;

  try {
    await getSmsSender().send({ mobile, code, purpose });
  } catch (error) {
    log.error('sms send failed', { purpose, error: error instanceof Error ? error.message : String(error) });
    await db.update(smsCodes).set({ voidedAt: new Date() }).where(eq(smsCodes.id, outcome.id));
    throw new AppError('auth.smsSendFailed');
  }
}

const tooSoon = (waitMs: number) => new AppError('auth.sendTooSoon', { seconds: secondsFrom(waitMs) });

type CheckOutcome = 'ok' | 'notSent' | 'used' | 'expired' | 'wrong' | 'voided';

const outcomeErrors: Record<Exclude<CheckOutcome, 'ok'>, string> = {
  notSent: 'auth.codeNotSent',
  used: 'auth.codeUsed',
  expired: 'auth.codeExpired',
  wrong: 'auth.codeWrong',
  voided: 'auth.codeVoided',
};

/** Spends the phone's newest code for `purpose`, or throws why it cannot be spent. */
export async function consumeSmsCode(db: Db, input: { mobile: string; purpose: SmsCodePurpose; code: string }): Promise<void> {
  const { mobile, purpose, code } = input;
  // The outcome is decided and recorded in one transaction and thrown after it commits,
  // so a wrong try is counted even though the request fails.
  const outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
    const [row] = await tx
      .select()
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose)))
      .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
      .limit(1)
      .for('update');
    if (!row) return 'notSent';
    if (row.consumedAt) return 'used';
    if (row.voidedAt) return row.failedTries >= smsCodeMaxWrongTries ? 'voided' : 'notSent';
    const now = new Date();
    if (row.expiresAt <= now) return 'expired';
    if (!sameDigest(row.codeHash, hashCode(mobile, purpose, code))) {
      const failedTries = row.failedTries + 1;
      const voided = failedTries >= smsCodeMaxWrongTries;
      await tx.update(smsCodes).set({ failedTries, voidedAt: voided ? now : null }).where(eq(smsCodes.id, row.id));
      return voided ? 'voided' : 'wrong';
    }
    await tx.update(smsCodes).set({ consumedAt: now }).where(eq(smsCodes.id, row.id));
    return 'ok';
  });
  if (outcome !== 'ok') throw new AppError(outcomeErrors[outcome]);
}
