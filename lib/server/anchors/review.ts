import 'server-only';
// An operator's decision on anchor applications: from the console (docs/admin.md "Anchor applications") or
// `npm run ops -- anchor:approve|anchor:reject|anchor:applications`. The caller may write its own record of the
// decision (the console's audit row) inside the decision's transaction, so the two stand or fall together.
import fs from 'node:fs/promises';
import path from 'node:path';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { announceIdentityChange } from '@/lib/server/session/identity-change';
import { anchorApplications, users, type AnchorApplication, type AnchorApplicationStatus, type UserRole } from '@/lib/db/schema';
import { idPhotosDir } from '@/lib/server/storage';

/** Whose application: by account id (the console) or by the account's phone number (the ops command). */
export type ApplicantRef = { userId: number } | { phone: string };

/** What a decision changed, for the caller's record. */
export type ReviewChange = {
  userId: number;
  before: { status: AnchorApplicationStatus; role: UserRole };
  after: { status: AnchorApplicationStatus; role: UserRole; reason?: string };
};

type ReviewOptions = { now?: Date; record?: (tx: Tx, change: ReviewChange) => Promise<void> };

export type ReviewOutcome =
  | { ok: true; userId: number; previousRole: UserRole }
  | { ok: false; reason: 'no_account' | 'no_application' | 'not_verifying' | 'role_conflict'; status?: AnchorApplicationStatus; role?: UserRole };

function normalisePhone(phone: string): string {
  return phone.replace(/[\s-]/g, '').replace(/^\+/, '');
}

async function lockApplicant(tx: Tx, applicant: ApplicantRef) {
  const where = 'userId' in applicant ? eq(users.id, applicant.userId) : eq(users.mobile, normalisePhone(applicant.phone));
  const [user] = await tx.select({ id: users.id, role: users.role }).from(users).where(where).for('update');
  if (!user) return { user: undefined, application: undefined };
  const [application] = await tx.select().from(anchorApplications).where(eq(anchorApplications.userId, user.id)).for('update');
  return { user, application };
}

/** Approves a pending application: the account becomes an anchor in the same transaction. */
export async function approveApplication(db: Db, applicant: ApplicantRef, { now = new Date(), record }: ReviewOptions = {}): Promise<ReviewOutcome> {
  const outcome = await db.transaction(async (tx): Promise<ReviewOutcome> => {
    const { user, application } = await lockApplicant(tx, applicant);
    if (!user) return { ok: false, reason: 'no_account' };
    if (!application) return { ok: false, reason: 'no_application' };
    if (application.status !== 'verifying') return { ok: false, reason: 'not_verifying', status: application.status };
    // A manager or operator would lose that role: the operator changes roles explicitly.
    if (user.role !== 'user' && user.role !== 'anchor') return { ok: false, reason: 'role_conflict', role: user.role };
    await tx.update(anchorApplications).set({ status: 'verified', reviewedAt: now, rejectReason: '' }).where(eq(anchorApplications.userId, user.id));
    await tx.update(users).set({ role: 'anchor' }).where(eq(users.id, user.id));
    await record?.(tx, { userId: user.id, before: { status: application.status, role: user.role }, after: { status: 'verified', role: 'anchor' } });
    return { ok: true, userId: user.id, previousRole: user.role };
  });
  if (outcome.ok && outcome.previousRole !== 'anchor') await announceIdentityChange(outcome.userId);
  return outcome;
}

/** Refuses a pending application with a reason the applicant reads; they may apply again. */
export async function rejectApplication(db: Db, applicant: ApplicantRef, reason: string, { now = new Date(), record }: ReviewOptions = {}): Promise<ReviewOutcome> {
  return db.transaction(async (tx): Promise<ReviewOutcome> => {
    const { user, application } = await lockApplicant(tx, applicant);
    if (!user) return { ok: false, reason: 'no_account' };
    if (!application) return { ok: false, reason: 'no_application' };
    if (application.status !== 'verifying') return { ok: false, reason: 'not_verifying', status: application.status };
    await tx.update(anchorApplications).set({ status: 'failed', rejectReason: reason, reviewedAt: now }).where(eq(anchorApplications.userId, user.id));
    await record?.(tx, { userId: user.id, before: { status: application.status, role: user.role }, after: { status: 'failed', role: user.role, reason } });
    return { ok: true, userId: user.id, previousRole: user.role };
  });
}

export type ApplicationEntry = Pick<
  AnchorApplication,
  'userId' | 'realName' | 'contactType' | 'contact' | 'idNumber' | 'phone' | 'introducer' | 'profile' | 'status' | 'rejectReason' | 'submittedAt' | 'reviewedAt'
> & {
  mobile: string;
  nickName: string;
  brandId: string;
  idPhotoFile: string;
};

export async function countApplications(db: Db, status: AnchorApplicationStatus): Promise<number> {
  const [{ total }] = await db.select({ total: count() }).from(anchorApplications).where(eq(anchorApplications.status, status));
  return total;
}

/**
 * Applications with one status: waiting ones oldest first (the queue), decided ones newest first (the record).
 * Without `page`, all of them.
 */
export async function listApplications(db: Db, status: AnchorApplicationStatus, page?: { size: number; offset: number }): Promise<ApplicationEntry[]> {
  const query = db
    .select({ application: anchorApplications, mobile: users.mobile, nickName: users.nickName, brandId: users.brandId })
    .from(anchorApplications)
    .innerJoin(users, eq(users.id, anchorApplications.userId))
    .where(eq(anchorApplications.status, status))
    .orderBy(status === 'verifying' ? asc(anchorApplications.submittedAt) : desc(anchorApplications.reviewedAt), asc(anchorApplications.id));
  const rows = page ? await query.limit(page.size).offset(page.offset) : await query;
  return rows.map(({ application, mobile, nickName, brandId }) => ({
    userId: application.userId,
    realName: application.realName,
    contactType: application.contactType,
    contact: application.contact,
    idNumber: application.idNumber,
    phone: application.phone,
    introducer: application.introducer,
    profile: application.profile,
    status: application.status,
    rejectReason: application.rejectReason,
    submittedAt: application.submittedAt,
    reviewedAt: application.reviewedAt,
    mobile,
    nickName,
    brandId,
    idPhotoFile: path.join(idPhotosDir(), application.idPhoto),
  }));
}

/** The identity photo an account's application names (a JPEG, re-encoded at upload), or undefined. */
export async function readApplicationIdPhoto(db: Db, userId: number): Promise<Buffer | undefined> {
  const [application] = await db.select({ idPhoto: anchorApplications.idPhoto }).from(anchorApplications).where(eq(anchorApplications.userId, userId));
  if (!application) return undefined;
  return fs.readFile(path.join(idPhotosDir(), path.basename(application.idPhoto))).catch(() => undefined);
}
