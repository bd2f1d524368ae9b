import 'server-only';
// Anchor applications in the operator console: the waiting queue and the decided record, the applicant's ID photo
// (served only to a console role that reviews), and the decision with its audit row in the decision's own
// transaction (lib/server/anchors/review.ts does the deciding; the ops command uses the same functions).
import type { Db } from '@/lib/db';
import { approveApplication, countApplications, listApplications, rejectApplication, type ApplicantRef, type ReviewChange, type ReviewOutcome } from '@/lib/server/anchors/review';
import { AppError } from '@/lib/server/http/errors';
import { adminPageSize, type ApplicationsPage, type ApplicationsQuery } from '@/lib/validation/admin';
import { writeAudit, type AuditContext } from './audit';
import type { ConsoleActor } from './console-session';
import { pageWindow } from './paging';

export async function listApplicationsForConsole(db: Db, query: ApplicationsQuery): Promise<ApplicationsPage> {
  const [waiting, total] = await Promise.all([countApplications(db, 'verifying'), countApplications(db, query.status)]);
  const { page, pages, offset } = pageWindow(total, query.page);
  const rows = await listApplications(db, query.status, { size: adminPageSize, offset });
  return {
    status: query.status,
    decided: query.decided ?? null,
    waiting,
    total,
    page,
    pages,
    rows: rows.map((row) => ({
      userId: row.userId,
      nickName: row.nickName,
      mobile: row.mobile,
      brandId: row.brandId,
      realName: row.realName,
      idNumber: row.idNumber,
      contactType: row.contactType,
      contact: row.contact,
      phone: row.phone,
      introducer: row.introducer,
      profile: row.profile,
      status: row.status,
      rejectReason: row.rejectReason,
      submittedAt: row.submittedAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    })),
  };
}

const refusals: Record<Exclude<ReviewOutcome, { ok: true }>['reason'], string> = {
  no_account: 'admin.errors.userNotFound',
  no_application: 'admin.errors.noApplication',
  not_verifying: 'admin.errors.applicationDecided',
  role_conflict: 'admin.errors.applicationRoleConflict',
};

function settled(outcome: ReviewOutcome): { userId: number } {
  if (!outcome.ok) throw new AppError(refusals[outcome.reason]);
  return { userId: outcome.userId };
}

/** Nobody decides their own application. */
function applicantOf(actor: ConsoleActor, userId: number): ApplicantRef {
  if (userId === actor.id) throw new AppError('admin.errors.notOnYourself');
  return { userId };
}

function auditRecord(context: AuditContext, action: 'anchor.approve' | 'anchor.reject') {
  return (tx: Parameters<typeof writeAudit>[0], change: ReviewChange) =>
    writeAudit(tx, context, { action, targetType: 'user', targetId: change.userId, before: change.before, after: change.after });
}

export async function approveFromConsole(db: Db, actor: ConsoleActor, context: AuditContext, userId: number): Promise<{ userId: number }> {
  return settled(await approveApplication(db, applicantOf(actor, userId), { record: auditRecord(context, 'anchor.approve') }));
}

export async function rejectFromConsole(db: Db, actor: ConsoleActor, context: AuditContext, userId: number, reason: string): Promise<{ userId: number }> {
  return settled(await rejectApplication(db, applicantOf(actor, userId), reason, { record: auditRecord(context, 'anchor.reject') }));
}
