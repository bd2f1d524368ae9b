// Calling the operator console's routes in API tests: console accounts of each role signed in with the console
// cookie, the routes called with it from one address, and the audit rows they leave.
import { and, desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as signIn } from '@/app/api/admin/signIn/route';
import { getDb } from '@/lib/db';
import { auditLog, users, type ConsoleSubRole, type GiftRow, type UserRole } from '@/lib/db/schema';
import { hashPassword } from '@/lib/server/auth/passwords';
import { consoleCookieName } from '@/lib/server/admin/console-session';
import type { Envelope } from '@/lib/server/http/errors';
import type { ConsoleRole } from '@/lib/validation/admin';
import { accountWithRole, type Account } from './live-helpers';

export type Handler = (request: NextRequest) => Promise<Response>;
export type Reply<T = Record<string, unknown> | null> = Envelope<T> & { setCookie: string };

export const password = 'Console2026';

/** Calls a console route with the console cookie, from one address; returns the envelope and any Set-Cookie. */
export async function call<T = Record<string, unknown> | null>(handler: Handler, body: unknown, cookie?: string, headers: Record<string, string> = {}): Promise<Reply<T>> {
  const request = new NextRequest('http://localhost:3000/api/admin/test', {
    method: 'POST',
    headers: {
      host: 'localhost:3000',
      'content-type': 'application/json',
      'x-forwarded-for': '203.0.113.9',
      ...(cookie ? { cookie: `${consoleCookieName.plain}=${cookie}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  const response = await handler(request);
  return { ...((await response.json()) as Envelope<T>), setCookie: response.headers.get('set-cookie') ?? '' };
}

export function sealedFrom(setCookie: string): string {
  const match = new RegExp(`${consoleCookieName.plain}=([^;]*)`).exec(setCookie);
  if (!match?.[1]) throw new Error(`no console cookie in ${setCookie}`);
  return match[1];
}

/** An account with a password and the given site role and console sub-role. */
export async function person(role: UserRole = 'user', consoleRole: ConsoleSubRole | null = null): Promise<Account> {
  const account = await accountWithRole('1581', role);
  await (await getDb()).update(users).set({ passwordHash: await hashPassword(password), consoleRole }).where(eq(users.id, account.id));
  return account;
}

export async function consoleSignIn(account: Account, code = ''): Promise<string> {
  const reply = await call(signIn, { phone: account.mobile, password, code });
  if (reply.status !== 0) throw new Error(`console sign-in failed: ${reply.msg}`);
  return sealedFrom(reply.setCookie);
}

/** A console user of each role, signed in. */
export async function consoleUser(role: ConsoleRole): Promise<{ account: Account; cookie: string }> {
  const account = role === 'operator' ? await person('operator') : await person('user', role);
  return { account, cookie: await consoleSignIn(account) };
}

/** The newest audit row about a target (of a type, where ids of several kinds of row may meet). */
export async function latestAudit(targetId: number | string, targetType?: string) {
  const [row] = await (await getDb())
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, String(targetId)), targetType ? eq(auditLog.targetType, targetType) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

/** A gift's row in the catalogue form as the console sends it: every field as text, with changes on top. */
export function giftForm(gift: GiftRow, changes: Record<string, string> = {}): Record<string, string> {
  return {
    gift_id: String(gift.id),
    name_en: gift.name['en-US'],
    name_zh: gift.name['zh-CN'] ?? '',
    price: `${Math.floor(gift.price / 100)}.${String(gift.price % 100).padStart(2, '0')}`,
    currency: gift.currency,
    enabled: gift.enabled ? '1' : '0',
    combo: gift.combo ? '1' : '0',
    duration: String(gift.durationMs / 1000),
    sort: String(gift.sortOrder),
    ...changes,
  };
}
