import 'server-only';
// A signed-in user sets a first password (accounts made by SMS have none) or changes it with the current one.
// Other sessions end; the one making the change stays signed in.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { announceIdentityChange } from '@/lib/server/session/identity-change';
import { revokeUserSessions, type SessionUser } from '@/lib/server/session/sessions';
import { assertPasswordTriesLeft, countPasswordFailure } from './login';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';

export async function setAccountPassword(
  db: Db,
  caller: SessionUser,
  input: { oldPassword: string; newPassword: string; ip: string },
): Promise<void> {
  const [account] = await db.select({ mobile: users.mobile, passwordHash: users.passwordHash }).from(users).where(eq(users.id, caller.id));
  if (account.passwordHash) {
    if (!input.oldPassword) throw new AppError('auth.oldPasswordRequired');
    // A stolen session must not become a way to guess the password.
    await assertPasswordTriesLeft(account.mobile, input.ip);
    if (!(await verifyPassword(account.passwordHash, input.oldPassword))) {
      await countPasswordFailure(account.mobile, input.ip);
      throw new AppError('auth.oldPasswordWrong');
    }
  }
  assertAcceptablePassword(input.newPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, caller.id));
    await revokeUserSessions(tx, caller.id, caller.sessionId);
  });
  await announceIdentityChange(caller.id);
}
