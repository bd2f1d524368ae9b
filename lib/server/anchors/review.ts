import 'server-only';
// An operator's decision on anchor applications (`npm run ops -- anchor:approve|anchor:reject|anchor:applications`).
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { announceIdentityChange } from '@/lib/server/session/identity-change';
import { anchorApplications, users, type AnchorApplication, type AnchorApplicationStatus, type UserRole } from '@/lib/db/schema';
import { idPhotosDir } from '@/lib/server/storage';

export type ReviewOutcome =
  | { ok: true; userId: number; previousRole: UserRole }
  | { ok: false; reason: 'no_account' | 'no_application' | 'not_verifying' | 'role_conflict'; status?: AnchorApplicationStatus; role?: UserRole };

function normalisePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '').replace(/^\+/, '');
}

/** Approves a pending application: the account becomes an anchor in the same transaction. */
export async function approveApplication(db: Db, phone: string, now = new Date()): Promise<ReviewOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ReviewOutcome> => {
    const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.mobile, normalisePhone(phone))).for('update');
    if (!user) return { ok: false, reason: 'no_account' };
    const [application] = await tx.select().from(anchorApplications).where(eq(anchorApplications.userId, user.id)).for('update');
    if (!application) return { ok: false, reason: 'no_application' };
    if (application.status !== 'verifying') return { ok: false, reason: 'not_verifying', status: application.status };
    // A manager or operator would lose that role: the operator changes roles explicitly with user:role.
    if (user.role !== 'user' && user.role !== 'anchor') return { ok: false, reason: 'role_conflict', role: user.role };
    await tx.update(anchorApplications).set({ status: 'verified', reviewedAt: now, rejectReason: '' }).where(eq(anchorApplications.userId, user.id));
    await tx.update(users).set({ role: 'anchor' }).where(eq(users.id, user.id));
    return { ok: true, userId: user.id, previousRole: user.role };
  });
  if (outcome.ok && outcome.previousRole !== 'anchor') await announceIdentityChange(outcome.userId);
  return outcome;
}

/** Refuses a pending application with a reason the applicant reads; they may apply again. */
export async function rejectApplication(db: Db, phone: string, reason: string, now = new Date()): Promise<ReviewOutcome> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.mobile, normalisePhone(phone)));
    if (!user) return { ok: false, reason: 'no_account' };
    const [application] = await tx.select().from(anchorApplications).where(eq(anchorApplications.userId, user.id)).for('update');
    if (!application) return { ok: false, reason: 'no_application' };
    if (application.status !== 'verifying') return { ok: false, reason: 'not_verifying', status: application.status };
    await tx.update(anchorApplications).set({ status: 'failed', rejectReason: reason, reviewedAt: now }).where(eq(anchorApplications.userId, user.id));
    return { ok: true, userId: user.id, previousRole: user.role };
  });
}

export type PendingApplication = Pick<AnchorApplication, 'userId' | 'realName' | 'contactType' | 'contact' | 'idNumber' | 'phone' | 'introducer' | 'profile'> & {
  mobile: string;
  submittedAt: Date;
  idPhotoFile: string;
};

export async function listApplications(db: Db, status: AnchorApplicationStatus): Promise<PendingApplication[]> {
  const rows = await db
    .select({ application: anchorApplications, mobile: users.mobile })
    .from(anchorApplications)
    .innerJoin(users, eq(users.id, anchorApplications.userId))
    .where(eq(anchorApplications.status, status))
    .orderBy(asc(anchorApplications.submittedAt));
  return rows.map(({ application, mobile }) => ({
    userId: application.userId,
    realName: application.realName,
    contactType: application.contactType,
    contact: application.contact,
    idNumber: application.idNumber,
    phone: application.phone,
    introducer: application.introducer,
    profile: application.profile,
    mobile,
    submittedAt: application.submittedAt,
    idPhotoFile: path.join(idPhotosDir(), application.idPhoto),
  }));
}
