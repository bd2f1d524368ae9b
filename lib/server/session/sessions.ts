import 'server-only';
// Sign-in sessions: opaque random tokens, stored hashed, revocable, carried by the
// Authorization header (`Bearer <uid>.<token>`) or a sealed cookie that holds only the same pair.
import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import type { Db } from '@/lib/db';
import { sessions, users, type UserRole } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { getSessionSecret } from './secret';

export type SessionUser = { id: number; role: UserRole; sessionId: number };

export { sessionCookieName } from './cookie-name';

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a session and returns the credential in the spec's "token and uid combined" form.
 * A user may be signed in on several devices; a new login from the same device replaces that device's session.
 */
export async function createSession(db: Db, userId: number, deviceId = ''): Promise<{ token: string; credential: string; sessionId: number }> {
  const token = crypto.randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + getEnv().SESSION_TTL_DAYS * 86_400_000);
  const sessionId = await db.transaction(async (tx) => {
    // Without a device id there is nothing to match: each such login stands alone.
    if (deviceId !== '') {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, userId), eq(sessions.deviceId, deviceId), isNull(sessions.revokedAt)));
    }
    const [row] = await tx.insert(sessions).values({ userId, tokenHash: hashToken(token), deviceId, expiresAt }).returning({ id: sessions.id });
    return row.id;
  });
  return { token, credential: `${userId}.${token}`, sessionId };
}

export function parseCredential(credential: string): { userId: number; token: string } | undefined {
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{20,200})$/.exec(credential.trim());
  return match ? { userId: Number(match[1]), token: match[2] } : undefined;
}

export function credentialFromAuthorization(header: string | null): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match?.[1];
}

export async function sealSessionCookie(credential: string): Promise<string> {
  return sealData({ credential }, { password: getSessionSecret(), ttl: getEnv().SESSION_TTL_DAYS * 86_400 });
}

export async function credentialFromCookie(sealed: string | undefined): Promise<string | undefined> {
  if (!sealed) return undefined;
  const data = await unsealData<{ credential?: string }>(sealed, { password: getSessionSecret() }).catch(() => ({}));
  return 'credential' in data && typeof data.credential === 'string' ? data.credential : undefined;
}

/** The live session behind a credential, or undefined when unknown, expired or revoked. */
export async function findSessionUser(db: Db, credential: string): Promise<SessionUser | undefined> {
  const parsed = parseCredential(credential);
  if (!parsed) return undefined;
  const [row] = await db
    .select({ sessionId: sessions.id, id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(parsed.token)),
        eq(sessions.userId, parsed.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Which of these sessions are still live, with their user: the gateway checks its sockets' sessions with it
 * (a socket of an ended session is closed). Ids come in slices so one query never carries thousands.
 */
export async function liveSessionUsers(db: Db, sessionIds: readonly number[]): Promise<Map<number, number>> {
  const live = new Map<number, number>();
  for (let start = 0; start < sessionIds.length; start += 1000) {
    const rows = await db
      .select({ id: sessions.id, userId: sessions.userId })
      .from(sessions)
      .where(and(inArray(sessions.id, sessionIds.slice(start, start + 1000)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
    for (const row of rows) live.set(row.id, row.userId);
  }
  return live;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Ends every live session of a user (password reset), or all but one (password change keeps the caller's). */
export async function revokeUserSessions(db: Db, userId: number, keepSessionId?: number): Promise<void> {
  const live = and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(keepSessionId === undefined ? live : and(live, ne(sessions.id, keepSessionId)));
}
