// Retention of sign-in records: SMS codes, phone proofs and ended sessions go a week after they stopped working.
import { eq, inArray } from 'drizzle-orm';
import { POST as login } from '@/app/api/user/login/route';
import { getDb } from '@/lib/db';
import { phoneVerifications, sessions, smsCodes } from '@/lib/db/schema';
import { purgeSignInRecords } from '@/lib/server/auth/retention';
import { callRoute } from '@/tests/support/call-route';
import { latestCode, newPhone, requestCode, signInBySms } from '@/tests/support/auth';

const phone = () => newPhone('1395');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

beforeAll(() => getDb(), 60_000);

async function proofFor(mobile: string) {
  await requestCode(mobile);
  const reply = await callRoute<{ mobile_hash: string }>(login, { body: { account: mobile, pwd: latestCode(mobile), login_type: 2 } });
  expect(reply.status).toBe(301);
}

it('deletes codes, proofs and sessions that stopped working over a week ago, and keeps the rest', async () => {
  const db = await getDb();
  const [oldPhone, freshPhone] = [phone(), phone()];
  await proofFor(oldPhone);
  await proofFor(freshPhone);
  await db.update(smsCodes).set({ expiresAt: daysAgo(8) }).where(eq(smsCodes.mobile, oldPhone));
  await db.update(phoneVerifications).set({ expiresAt: daysAgo(8) }).where(eq(phoneVerifications.mobile, oldPhone));

  const [revoked, idle, expired, current] = await Promise.all([phone(), phone(), phone(), phone()].map((mobile) => signInBySms(mobile)));
  await db.update(sessions).set({ revokedAt: daysAgo(8) }).where(eq(sessions.userId, revoked.id));
  await db.update(sessions).set({ lastSeenAt: daysAgo(15) }).where(eq(sessions.userId, idle.id));
  await db.update(sessions).set({ expiresAt: daysAgo(8) }).where(eq(sessions.userId, expired.id));

  await purgeSignInRecords(db);

  const mobiles = (rows: { mobile: string }[]) => [...new Set(rows.map((row) => row.mobile))].sort();
  expect(mobiles(await db.select().from(smsCodes).where(inArray(smsCodes.mobile, [oldPhone, freshPhone])))).toEqual([freshPhone]);
  expect(mobiles(await db.select().from(phoneVerifications).where(inArray(phoneVerifications.mobile, [oldPhone, freshPhone])))).toEqual([freshPhone]);
  const left = await db.select({ userId: sessions.userId }).from(sessions).where(inArray(sessions.userId, [revoked.id, idle.id, expired.id, current.id]));
  expect(left.map((row) => row.userId)).toEqual([current.id]);
});
