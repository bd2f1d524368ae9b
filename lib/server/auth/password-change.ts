import 'server-only';
// A signed-in user sets a first password (accounts made by SMS have none) within 15 minutes of signing in with
// a code, or changes it with the current one.
// Other sessions end; the one making the change stays signed in.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { announceIdentityChange } from '@/lib/server/session/identity-change';
import { revokeUserSessions, type SessionUser } from '@/lib/server/session/sessions';
import { checkPasswordThrottled } from './login';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';

const firstPasswordWithinMs = 15 * 60_000;

export async function setAccountPassword(
  db: Db,
  caller: SessionUser,
  input: { oldPassword: string; newPassword: string; ip: string },
): Promise<void> {
  const [account] = await db.select({ mobile: users.mobile, passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  // A first password proves nothing old, so the session itself must be fresh from an SMS code: a stolen or
  // long-open session cannot quietly add a password to someone's account.
  if (!account.passwordHash && Date.now() - caller.signedInAt.getTime() > firstPasswordWithinMs) {
    throw new AppError('auth.signInAgainForPassword', { minutes: firstPasswordWithinMs / 60_000 });
  }
  if (account.passwordHash) {
    if (!input.oldPassword) throw new AppError('auth.oldPasswordRequired');
    const current = account.passwordHash;
    // A stolen session must not become a way to guess the password: the login's throttle counts here too.
    const matches = await checkPasswordThrottled(account.mobile, input.ip, async () => ((await verifyPassword(current, input.oldPassword)) ? true : undefined));
    if (!matches) throw new AppError('auth.oldPasswordWrong');
  }
  assertAcceptablePassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, caller.id));
    await revokeUserSessions(tx, caller.id, caller.sessionId);
  });
  await announceIdentityChange(caller.id);
}
