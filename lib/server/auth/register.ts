import 'server-only';
// Registration (POST /webapi/user/register) after a login answered 301: the mobile_hash proves the phone,
// the account, its balances and its first session are created in one transaction.
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import type { Brand } from '@/lib/brand/registry';
import type { ServerTranslate } from '@/lib/server/http/translate';
import { createSession } from '@/lib/server/session/sessions';
import type { NewSession } from './login';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { assertPhoneVerificationUsable, consumePhoneVerification, takePhoneProofUse } from './phone-verifications';

export type Registration = {
  mobile: string;
  mobileHash: string;
  password: string;
  sex: number;
  deviceInfo: string;
  /** The reg-source code the client sent (body or header); the brand's own when absent or malformed. */
  regSource: string;
  website: string;
  anchorId: number;
};

const regSourcePattern = /^[A-Z0-9_]{2,32}$/;

export async function registerAccount(db: Db, input: Registration, context: { brand: Brand; t: ServerTranslate; ip: string }): Promise<NewSession> {
  await takePhoneProofUse(input.mobile, context.ip);
  if (input.password) assertAcceptablePassword(input.password);
  // No password hash without a proof that could be spent: argon2 is not free for anyone to start.
  await assertPhoneVerificationUsable(db, { token: input.mobileHash, mobile: input.mobile, purpose: 'register' });
  // Hashing takes tens of milliseconds: done before the transaction so it holds no locks meanwhile.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(async (tx) => {
    await consumePhoneVerification(tx, { token: input.mobileHash, mobile: input.mobile, purpose: 'register' });
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, input.mobile)).limit(1);
    // A double submit (or two tabs): the phone is proven, so the existing account signs in.
    if (existing) return { userId: existing.id, ...(await createSession(tx, existing.id, input.deviceInfo)) };
    const [referrer] =
      input.anchorId > 0
        ? await tx.select({ id: users.id }).from(users).where(and(eq(users.id, input.anchorId), eq(users.role, 'anchor'))).limit(1)
        : [];
    const [user] = await tx
      .insert(users)
      .values({
        mobile: input.mobile,
        nickName: context.t('auth.defaultNickname', { number: crypto.randomInt(10_000, 100_000) }),
        passwordHash,
        passwordChangedAt: passwordHash ? new Date() : null,
        sex: input.sex,
        regSource: regSourcePattern.test(input.regSource) ? input.regSource : context.brand.regSource,
        regWebsite: input.website,
        regDeviceInfo: input.deviceInfo,
        referrerAnchorId: referrer?.id ?? null,
        brandId: context.brand.id,
      })
      .returning({ id: users.id });
    return { userId: user.id, ...(await createSession(tx, user.id, input.deviceInfo)) };
  });
}
