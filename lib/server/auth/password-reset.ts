import 'server-only';
// Forgot password (spec §4 mode 3): step 1 turns phone + reset code into a mobile_hash (readyForTakeOff),
// step 2 sets the new password with it (forgetPwdHash) and ends every session of the account.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { announceIdentityChange } from '@/lib/server/session/identity-change';
import { revokeUserSessions } from '@/lib/server/session/sessions';
import type { ReadyForTakeOffReply } from '@/lib/validation/auth';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { assertPhoneVerificationUsable, consumePhoneVerification, issuePhoneVerification, takePhoneProofUse } from './phone-verifications';
import { resetLimit } from '@/lib/server/rate-limit/limits';
import { consumeSmsCode } from './sms-codes';

export async function startPasswordReset(db: Db, input: { mobile: string; code: string }): Promise<ReadyForTakeOffReply> {
  await consumeSmsCode(db, { mobile: input.mobile, purpose: 'reset', code: input.code });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, input.mobile)).limit(1);
  if (!user) throw new AppError('auth.phoneNotRegistered');
  return { mobile_hash: await issuePhoneVerification(db, input.mobile, 'reset') };
}

export async function finishPasswordReset(db: Db, input: { mobile: string; mobileHash: string; password: string; ip: string }): Promise<void> {
  await takePhoneProofUse(input.mobile, input.ip);
  // Checked before the proof is spent, so a refused password can be retried on the same step.
  assertAcceptablePassword(input.password);
  // No password hash without a proof that could be spent: argon2 is not free for anyone to start.
  await assertPhoneVerificationUsable(db, { token: input.mobileHash, mobile: input.mobile, purpose: 'reset' });
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    await consumePhoneVerification(tx, { token: input.mobileHash, mobile: input.mobile, purpose: 'reset' });
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: new Date() })
      .where(eq(users.mobile, input.mobile))
      .returning({ id: users.id });
    if (!user) throw new AppError('auth.phoneNotRegistered');
    await revokeUserSessions(tx, user.id);
    return user.id;
  });
  await announceIdentityChange(userId);
  // The owner proved the phone: failed guesses before the reset no longer hold the account back.
  await resetLimit('passwordFailPhone', input.mobile);
}
