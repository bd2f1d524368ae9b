import 'server-only';
// The operator console's own session: a short-lived sealed cookie (HttpOnly, SameSite=Strict, `__Host-` over
// HTTPS) that names an ordinary session row, so revoking an account's sessions ends its console session too. The
// cookie also carries whether a TOTP code was given in this session and when the password was last proven, for
// the sensitive actions that ask for it again (docs/admin.md).
import { eq } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import type { NextRequest } from 'next/server';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import type { ResponseCookie } from '@/lib/server/http/cookies';
import { AppError, ForbiddenError, SessionExpiredError } from '@/lib/server/http/errors';
import { findSessionUser } from '@/lib/server/session/sessions';
import { getSessionSecret } from '@/lib/server/session/secret';
import { isHttps } from '@/lib/server/session/session-cookie';
import { getAppConfig } from '@/lib/server/config/app-config';
import { consoleSessionMinutes, hasRight, reauthWindowMinutes, sensitiveRights, type ConsoleRight, type ConsoleRole } from '@/lib/validation/admin';

export const consoleCookieName = { secure: '__Host-sc_console', plain: 'sc_console' } as const;

/** What the sealed cookie holds. */
export type ConsoleGrant = { credential: string; mfa: boolean; reauthAt: number };

export type ConsoleActor = {
  id: number;
  role: ConsoleRole;
  nickName: string;
  mobile: string;
  sessionId: number;
  grant: ConsoleGrant;
};

/** The console role of an account: a full operator, else its sub-role, else none. */
export function consoleRoleOf(user: { role: string; consoleRole: ConsoleRole | null }): ConsoleRole | null {
  return user.role === 'operator' ? 'operator' : user.consoleRole;
}

export async function sealConsoleGrant(grant: ConsoleGrant): Promise<string> {
  return sealData(grant, { password: getSessionSecret(), ttl: consoleSessionMinutes * 60 });
}

export async function consoleCookie(request: NextRequest, grant: ConsoleGrant): Promise<ResponseCookie> {
  const secure = isHttps(request);
  return {
    name: secure ? consoleCookieName.secure : consoleCookieName.plain,
    value: await sealConsoleGrant(grant),
    httpOnly: true,
    secure,
    sameSite: 'strict',
    path: '/',
    maxAge: consoleSessionMinutes * 60,
  };
}

export function clearedConsoleCookies(request: NextRequest): ResponseCookie[] {
  const cleared = { value: '', httpOnly: true, sameSite: 'strict', path: '/', maxAge: 0 } as const;
  const cookies: ResponseCookie[] = [{ name: consoleCookieName.plain, ...cleared, secure: false }];
  if (isHttps(request)) cookies.push({ name: consoleCookieName.secure, ...cleared, secure: true });
  return cookies;
}

/** The sealed value from a request's cookies, or from a page's cookie store (both have `get(name)`). */
export function sealedConsoleCookie(store: { get(name: string): { value: string } | undefined }): string | undefined {
  return store.get(consoleCookieName.secure)?.value ?? store.get(consoleCookieName.plain)?.value;
}

async function unsealGrant(sealed: string | undefined): Promise<ConsoleGrant | undefined> {
  if (!sealed) return undefined;
  const data = await unsealData<Partial<ConsoleGrant>>(sealed, { password: getSessionSecret(), ttl: consoleSessionMinutes * 60 }).catch(() => ({}));
  if (!('credential' in data) || typeof data.credential !== 'string') return undefined;
  return { credential: data.credential, mfa: data.mfa === true, reauthAt: typeof data.reauthAt === 'number' ? data.reauthAt : 0 };
}

/** The signed-in console user behind a sealed cookie, or undefined (no cookie, ended session, no console role). */
export async function findConsoleActor(db: Db, sealed: string | undefined): Promise<ConsoleActor | undefined> {
  const grant = await unsealGrant(sealed);
  if (!grant) return undefined;
  const session = await findSessionUser(db, grant.credential);
  if (!session) return undefined;
  const [user] = await db
    .select({ role: users.role, consoleRole: users.consoleRole, nickName: users.nickName, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, session.id))
    .limit(1);
  const role = user ? consoleRoleOf(user) : null;
  if (!user || !role) return undefined;
  return { id: session.id, role, nickName: user.nickName, mobile: user.mobile, sessionId: session.sessionId, grant };
}

/** Whether the brand asks every console user for a TOTP code (the app config switch `admin_totp_required`). */
export async function totpEnforced(db: Db, brandId: string): Promise<boolean> {
  return (await getAppConfig(db, brandId)).admin_totp_required === 1;
}

function reauthFresh(grant: ConsoleGrant, now = Date.now()): boolean {
  return now - grant.reauthAt < reauthWindowMinutes * 60_000;
}

/**
 * The caller of a console action, refused unless their role has the right; a brand that enforces the second
 * factor sends a session without one to set it up first, and a sensitive right needs a recent password.
 */
export async function requireConsole(
  db: Db,
  sealed: string | undefined,
  brandId: string,
  right: ConsoleRight | 'self',
  now = Date.now(),
): Promise<ConsoleActor> {
  const actor = await findConsoleActor(db, sealed);
  if (!actor) throw new SessionExpiredError();
  if (right === 'self') return actor;
  if (!hasRight(actor.role, right)) throw new ForbiddenError();
  if (!actor.grant.mfa && (await totpEnforced(db, brandId))) throw new AppError('admin.errors.totpSetupRequired', {}, 1, { totp_setup: 1 });
  if (sensitiveRights.includes(right) && !reauthFresh(actor.grant, now)) throw new AppError('admin.errors.reauthRequired', {}, 1, { reauth: 1 });
  return actor;
}
