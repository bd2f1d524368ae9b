import 'server-only';
// Sign-in sessions: opaque random tokens, stored hashed, revocable, carried by the
// Authorization header (`Bearer <uid>.<token>`) or a sealed cookie that holds only the same pair.
// A session ends after SESSION_TTL_DAYS, or sooner when unused for SESSION_IDLE_DAYS; a client that says it
// can take a new token (lib/http/transport.ts) gets one every SESSION_ROTATE_MINUTES, so a copied token
// stops working soon after the owner's next request, and a superseded token presented later ends the session.
import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import type { Db } from '@/lib/db';
import { sessions, users, type UserRole } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/server/http/errors';
import { getSessionSecret } from './secret';

export type SessionUser = {
  id: number;
  role: UserRole;
  sessionId: number;
  /** When the session was made by a login or registration: how recently its holder proved the phone or password. */
  signedInAt: Date;
};

/** A replacement token issued with this request; the old one works for `rotationGraceMs` more. */
export type RenewedCredential = { token: string; credential: string };

const rotationGraceMs = 60_000;
// lastSeenAt is written at most this often per session: idle expiry is counted in days.
const touchEveryMs = 5 * 60_000;

export { sessionCookieName } from './cookie-name';

const newToken = () => crypto.randomBytes(32).toString('base64url');

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Creates a session and returns the credential in the spec's "token and uid combined" form.
 * A user may be signed in on several devices; a new login from the same device replaces that device's session.
 */
export async function createSession(db: Db, userId: number, deviceId = ''): Promise<{ token: string; credential: string; sessionId: number }> {
  await refuseBannedAccount(db, userId);
  const token = newToken();
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

/** A site-wide ban in force (set in the operator console) stops every sign-in with its reason and end. */
async function refuseBannedAccount(db: Db, userId: number): Promise<void> {
  const [user] = await db
    .select({ bannedAt: users.bannedAt, banExpiresAt: users.banExpiresAt, banReason: users.banReason })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.bannedAt || (user.banExpiresAt && user.banExpiresAt <= new Date())) return;
  const reason = user.banReason ?? '';
  if (!user.banExpiresAt) throw new AppError('auth.bannedPermanently', { reason });
  // Minutes in UTC: the message is read in either language, and the zone is named.
  throw new AppError('auth.banned', { reason, until: `${user.banExpiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC` });
}

function parseCredential(credential: string): { userId: number; token: string } | undefined {
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

/**
 * The live session behind a credential, or undefined when unknown, expired, idle too long or revoked. With
 * `rotate`, a token older than SESSION_ROTATE_MINUTES is replaced and the new one returned as `renewed`.
 */
export async function findSessionUser(
  db: Db,
  credential: string,
  options: { rotate?: boolean } = {},
): Promise<(SessionUser & { renewed?: RenewedCredential }) | undefined> {
  const parsed = parseCredential(credential);
  if (!parsed) return undefined;
  const env = getEnv();
  const now = new Date();
  const presented = hashToken(parsed.token);
  const [row] = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      role: users.role,
      signedInAt: sessions.createdAt,
      tokenHash: sessions.tokenHash,
      previousValidUntil: sessions.previousValidUntil,
      lastSeenAt: sessions.lastSeenAt,
      tokenIssuedAt: sessions.tokenIssuedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        or(eq(sessions.tokenHash, presented), eq(sessions.previousTokenHash, presented)),
        eq(sessions.userId, parsed.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - env.SESSION_IDLE_DAYS * 86_400_000)),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const user: SessionUser = { id: row.id, role: row.role, sessionId: row.sessionId, signedInAt: row.signedInAt };
  if (row.tokenHash !== presented) {
    // The token this one was replaced by is in use: within the grace a request already under way, after it a copy.
    if (row.previousValidUntil && row.previousValidUntil > now) return user;
    await revokeSession(db, row.sessionId);
    return undefined;
  }
  if (options.rotate && now.getTime() - row.tokenIssuedAt.getTime() >= env.SESSION_ROTATE_MINUTES * 60_000) {
    const token = newToken();
    // Conditional on the token still being current: of two requests rotating at once, one does.
    const [rotated] = await db
      .update(sessions)
      .set({ tokenHash: hashToken(token), tokenIssuedAt: now, previousTokenHash: presented, previousValidUntil: new Date(now.getTime() + rotationGraceMs), lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), eq(sessions.tokenHash, presented)))
      .returning({ id: sessions.id });
    if (rotated) return { ...user, renewed: { token, credential: `${row.id}.${token}` } };
  } else if (now.getTime() - row.lastSeenAt.getTime() >= touchEveryMs) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return user;
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
