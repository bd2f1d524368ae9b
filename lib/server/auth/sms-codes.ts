import 'server-only';
// SMS verification codes (spec §4, §9): 6 digits from a CSPRNG, valid 5 minutes, void after 5 wrong tries,
// one per phone per 60 s, hourly and daily caps per phone and per IP. Only an HMAC of each code is stored.
import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { smsCodes, users, type SmsCodePurpose } from '@/lib/db/schema';
import { smsCodeLength } from '@/lib/validation/auth';
import { AppError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { getSmsSender } from '@/lib/server/sms';
import { hmacHex, sameDigest } from './keys';
import { minutesFrom, secondsFrom, takeAll } from './rate-limits';

const smsCodeTtlMs = 5 * 60_000;
const smsCodeMaxWrongTries = 5;

function hashCode(mobile: string, purpose: SmsCodePurpose, code: string): string {
  return hmacHex('sms-code', `${purpose}:${mobile}:${code}`);
}

/** Sends a code for login (`is_change_mobile` 0) or password reset (1). A reset needs an existing account. */
export async function sendSmsCode(db: Db, input: { mobile: string; purpose: SmsCodePurpose; ip: string }): Promise<void> {
  const { mobile, purpose, ip } = input;
  // Counted before the account check, so probing which phones exist costs the same quota as sending.
  await takeAll(
    [
      { name: 'smsResendGap', key: mobile },
      { name: 'smsPhoneHourly', key: mobile },
      { name: 'smsPhoneDaily', key: mobile },
      { name: 'smsIpHourly', key: ip },
      { name: 'smsIpDaily', key: ip },
    ],
    (waitMs, name) =>
      name === 'smsResendGap'
        ? new AppError('auth.sendTooSoon', { seconds: secondsFrom(waitMs) })
        : new AppError('auth.sendLimitReached', { minutes: minutesFrom(waitMs) }),
  );
  if (purpose === 'reset') {
    const [account] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1);
    if (!account) throw new AppError('auth.phoneNotRegistered');
  }

  const code = String(crypto.randomInt(0, 10 ** smsCodeLength)).padStart(smsCodeLength, '0');
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    // Only the newest code works: an older one still sitting in the inbox is void.
    await tx
      .update(smsCodes)
      .set({ voidedAt: now })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.consumedAt), isNull(smsCodes.voidedAt)));
    const [row] = await tx
      .insert(smsCodes)
      .values({ mobile, purpose, codeHash: hashCode(mobile, purpose, code), requestIp: ip, expiresAt: new Date(now.getTime() + smsCodeTtlMs) })
      .returning({ id: smsCodes.id });
    return row.id;
  });

  try {
    await getSmsSender().send({ mobile, code, purpose });
  } catch (error) {
    log.error('sms send failed', { purpose, error: error instanceof Error ? error.message : String(error) });
    await db.update(smsCodes).set({ voidedAt: new Date() }).where(eq(smsCodes.id, id));
    throw new AppError('auth.smsSendFailed');
  }
}

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
