import 'server-only';
// How long sign-in records stay: SMS codes (phones, addresses), phone proofs and ended sessions are kept a week
// after they stopped working, for questions about a sign-in or abuse, then deleted (the jobs role, hourly).
import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { phoneVerifications, sessions, smsCodes } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';

const signInRecordsKeptMs = 7 * 86_400_000;

export async function purgeSignInRecords(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - signInRecordsKeptMs);
  // A code works 5 minutes and a proof 15: their expiry says when they stopped working.
  await db.delete(smsCodes).where(lt(smsCodes.expiresAt, cutoff));
  await db.delete(phoneVerifications).where(lt(phoneVerifications.expiresAt, cutoff));
  const idleSince = new Date(cutoff.getTime() - getEnv().SESSION_IDLE_DAYS * 86_400_000);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff)), lt(sessions.lastSeenAt, idleSince)));
}
