import 'server-only';
// The console's second factor: a TOTP secret per operator (otplib, the authenticator apps' defaults: SHA-1,
// 6 digits, 30 s), sealed with the server secret at rest. Enrolment stores a secret unconfirmed; the first
// matching code confirms it, and from then on sign-in asks for a code.
import { eq } from 'drizzle-orm';
import { sealData, unsealData } from 'iron-session';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Db, Tx } from '@/lib/db';
import { operatorTotp } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { getSessionSecret } from '@/lib/server/session/secret';
import { writeAudit, type AuditContext } from './audit';
import type { TotpStatus } from '@/lib/validation/admin';

async function seal(secret: string): Promise<string> {
  return sealData({ secret }, { password: getSessionSecret(), ttl: 0 });
}

async function unseal(sealed: string): Promise<string> {
  const data = await unsealData<{ secret?: string }>(sealed, { password: getSessionSecret(), ttl: 0 });
  if (typeof data.secret !== 'string') throw new Error('operator TOTP secret unreadable');
  return data.secret;
}

/** One step either side of now: a phone's clock a little off still signs in. */
async function codeMatches(secret: string, code: string): Promise<boolean> {
  return (await verify({ secret, token: code, epochTolerance: 30 })).valid;
}

export async function hasConfirmedTotp(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db.select({ confirmedAt: operatorTotp.confirmedAt }).from(operatorTotp).where(eq(operatorTotp.userId, userId));
  return Boolean(row?.confirmedAt);
}

/** Checks a sign-in code against the confirmed secret. */
export async function checkTotpCode(db: Db, userId: number, code: string): Promise<boolean> {
  const [row] = await db.select().from(operatorTotp).where(eq(operatorTotp.userId, userId));
  if (!row?.confirmedAt) return false;
  return codeMatches(await unseal(row.sealedSecret), code);
}

/** The security page's state: confirmed, or a secret waiting for its first code (made now when there is none). */
export async function totpStatus(db: Db, user: { id: number; mobile: string }, issuer: string): Promise<TotpStatus> {
  const [row] = await db.select().from(operatorTotp).where(eq(operatorTotp.userId, user.id));
  if (row?.confirmedAt) return { confirmed: true };
  let secret: string;
  if (row) secret = await unseal(row.sealedSecret);
  else {
    secret = generateSecret();
    await db.insert(operatorTotp).values({ userId: user.id, sealedSecret: await seal(secret) }).onConflictDoNothing();
    // Two first visits at once: both show the secret that was stored.
    const [stored] = await db.select().from(operatorTotp).where(eq(operatorTotp.userId, user.id));
    secret = await unseal(stored.sealedSecret);
  }
  return { confirmed: false, pending: { secret, uri: generateURI({ issuer, label: user.mobile, secret }) } };
}

/** The first code from the app confirms the pending secret; the audit log records the enrolment. */
export async function confirmTotp(db: Db, context: AuditContext, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(operatorTotp).where(eq(operatorTotp.userId, context.actorId)).for('update');
    if (!row) throw new AppError('admin.errors.totpNotStarted');
    if (row.confirmedAt) throw new AppError('admin.errors.totpAlreadyOn');
    if (!(await codeMatches(await unseal(row.sealedSecret), code))) throw new AppError('admin.errors.totpCodeWrong');
    await tx.update(operatorTotp).set({ confirmedAt: new Date() }).where(eq(operatorTotp.userId, context.actorId));
    await writeAudit(tx, context, { action: 'operator.totp', targetType: 'user', targetId: context.actorId, before: { totp: false }, after: { totp: true } });
  });
}
