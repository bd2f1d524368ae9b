import 'server-only';
// Becoming an anchor (spec §3 anchor application, §4 statuses): not certified → verifying → verified, or
// failed with a reason and a retry. An operator decides (review.ts); the identity photo stays private.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { anchorApplications, type AnchorApplication, type UserRole } from '@/lib/db/schema';
import { maskPhone } from '@/lib/format/phone';
import { consumeSmsCode } from '@/lib/server/auth/sms-codes';
import { AppError } from '@/lib/server/http/errors';
import { takeAll } from '@/lib/server/rate-limit/limits';
import { idPhotoExists, pruneIdPhotos, storeIdPhoto } from '@/lib/server/storage';
import { applicationStatus, type AnchorApplyInput, type ApplicationStatus, type ApplicationView, type UploadIdPhotoReply } from '@/lib/validation/live';

const statusNames = { 0: 'not_certified', 1: 'verifying', 2: 'verified', 3: 'failed' } as const;

function maskIdNumber(value: string): string {
  return value.length <= 6 ? '*'.repeat(value.length) : `${value.slice(0, 3)}${'*'.repeat(value.length - 6)}${value.slice(-3)}`;
}

function statusOf(role: UserRole, row: AnchorApplication | undefined): ApplicationStatus {
  // Anchors made by an operator (and the demo anchors) count as verified without an application.
  if (role === 'anchor') return applicationStatus.verified;
  if (!row) return applicationStatus.notCertified;
  return row.status === 'verifying' ? applicationStatus.verifying : row.status === 'verified' ? applicationStatus.verified : applicationStatus.failed;
}

export async function getApplication(db: Db, user: { id: number; role: UserRole }): Promise<ApplicationView> {
  const [row] = await db.select().from(anchorApplications).where(eq(anchorApplications.userId, user.id));
  const status = statusOf(user.role, row);
  return {
    status,
    status_name: statusNames[status],
    reject_reason: row?.status === 'failed' ? row.rejectReason : '',
    submitted_at: row ? Math.floor(row.submittedAt.getTime() / 1000) : 0,
    reviewed_at: row?.reviewedAt ? Math.floor(row.reviewedAt.getTime() / 1000) : 0,
    application: row
      ? {
          real_name: row.realName,
          contact_type: row.contactType,
          contact: row.contact,
          id_number: maskIdNumber(row.idNumber),
          profile: row.profile,
          phone: maskPhone(row.phone),
          introducer: row.introducer,
        }
      : null,
  };
}

/**
 * POST /api/anchor/uploadIdPhoto: returns the name the application then refers to. Each is re-encoded at up
 * to 2000 px and kept privately, so uploads are limited per hour and older unused ones are deleted.
 */
export async function uploadIdPhoto(db: Db, userId: number, file: File): Promise<UploadIdPhotoReply> {
  await takeAll([{ name: 'idPhotoUploadUser', key: String(userId) }], () => new AppError('api.errors.tooManyRequests'));
  const name = await storeIdPhoto(userId, file);
  const [application] = await db.select({ idPhoto: anchorApplications.idPhoto }).from(anchorApplications).where(eq(anchorApplications.userId, userId));
  await pruneIdPhotos(userId, [name, ...(application ? [application.idPhoto] : [])]);
  return { id_photo: name };
}

/** POST /api/anchor/apply: a first application, or a new try after a refusal. */
export async function submitApplication(db: Db, user: { id: number; role: UserRole }, input: AnchorApplyInput): Promise<ApplicationView> {
  if (user.role === 'anchor') throw new AppError('live.apply.alreadyAnchor');
  const [existing] = await db.select({ status: anchorApplications.status }).from(anchorApplications).where(eq(anchorApplications.userId, user.id));
  if (existing?.status === 'verifying') throw new AppError('live.apply.underReview');
  if (existing?.status === 'verified') throw new AppError('live.apply.alreadyAnchor');
  if (!(await idPhotoExists(user.id, input.id_photo))) throw new AppError('live.validation.idPhotoRequired');
  // The phone is proven by the code sent to it (sendCode, is_change_mobile 0).
  await consumeSmsCode(db, { mobile: input.phone, purpose: 'login', code: input.code });
  const fields = {
    realName: input.real_name,
    contactType: input.contact_type,
    contact: input.contact,
    idNumber: input.id_number,
    idPhoto: input.id_photo,
    profile: input.profile,
    phone: input.phone,
    introducer: input.introducer,
    status: 'verifying' as const,
    rejectReason: '',
    submittedAt: new Date(),
    reviewedAt: null,
  };
  await db.insert(anchorApplications).values({ userId: user.id, ...fields }).onConflictDoUpdate({ target: anchorApplications.userId, set: fields });
  return getApplication(db, user);
}
