import 'server-only';
// Signing in to the operator console (phone and password, then a TOTP code when the account has a second
// factor), proving the password again for sensitive actions, and signing out. Password tries count against the
// same limits as the site's login.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { checkPasswordThrottled } from '@/lib/server/auth/login';
import { verifyAgainstNothing, verifyPassword } from '@/lib/server/auth/passwords';
import { createSession, revokeSession } from '@/lib/server/session/sessions';
import type { ConsoleSignInInput } from '@/lib/validation/admin';
import { consoleRoleOf, type ConsoleActor, type ConsoleGrant } from './console-session';
import { checkTotpCode, hasConfirmedTotp } from './totp';

/** One console session per account: a new console sign-in replaces the previous one (the session's device). */
const consoleDevice = 'operator-console';

/** The account behind a phone and password, or undefined after the same work for an unknown phone. */
async function passwordOwner(db: Db, mobile: string, password: string, ip: string) {
  return checkPasswordThrottled(mobile, ip, async () => {
    const [user] = await db
      .select({ id: users.id, passwordHash: users.passwordHash, role: users.role, consoleRole: users.consoleRole })
      .from(users)
      .where(eq(users.mobile, mobile))
      .limit(1);
    const matches = user?.passwordHash ? await verifyPassword(user.passwordHash, password) : await verifyAgainstNothing(password);
    return user && matches ? user : undefined;
  });
}

/**
 * A console grant for an account with a console role. An account with a confirmed second factor must give its
 * code: without one the reply asks for it (data.totp = 1), so the form shows the code field.
 */
export async function signInToConsole(db: Db, input: ConsoleSignInInput, ip: string): Promise<ConsoleGrant> {
  const user = await passwordOwner(db, input.phone, input.password, ip);
  if (!user) throw new AppError('auth.wrongCredentials');
  if (!consoleRoleOf(user)) throw new AppError('admin.errors.notConsoleAccount');
  let mfa = false;
  if (await hasConfirmedTotp(db, user.id)) {
    if (!input.code) throw new AppError('admin.errors.totpCodeRequired', {}, 1, { totp: 1 });
    if (!(await checkTotpCode(db, user.id, input.code))) throw new AppError('admin.errors.totpCodeWrong', {}, 1, { totp: 1 });
    mfa = true;
  }
  // A banned account is refused here by createSession.
  const session = await createSession(db, user.id, consoleDevice);
  return { credential: session.credential, mfa, reauthAt: Date.now() };
}

/** The password again: good for the next few minutes of sensitive actions. */
export async function reauthenticate(db: Db, actor: ConsoleActor, password: string, ip: string): Promise<ConsoleGrant> {
  const owner = await passwordOwner(db, actor.mobile, password, ip);
  if (!owner || owner.id !== actor.id) throw new AppError('admin.errors.reauthWrong');
  return { ...actor.grant, reauthAt: Date.now() };
}

/** The session row ends with the cookie, so a copied cookie stops working too. */
export async function signOutOfConsole(db: Db, actor: ConsoleActor | undefined): Promise<void> {
  if (actor) await revokeSession(db, actor.sessionId);
}
