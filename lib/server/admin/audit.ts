import 'server-only';
// The console's audit log: one row per action, written in the action's own transaction (so a change and its
// record stand or fall together), read by the audit page with filters. Nothing in the console edits a row.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { auditLog, users } from '@/lib/db/schema';
import { adminPageSize, type AuditAction, type AuditQuery, type ConsoleRole } from '@/lib/validation/admin';
import type { AuditPage } from '@/lib/validation/admin';
import { pageWindow } from './paging';

/** Who acted, and from where. */
export type AuditContext = { actorId: number; actorRole: ConsoleRole; ip: string; brandId: string };

type AuditEntry = {
  action: AuditAction;
  targetType: 'user' | 'live' | 'anchor' | 'page' | 'news' | 'replay' | 'feedback' | 'brand' | 'roomManager' | 'quiz' | 'gift' | 'ledger' | 'rechargePackage' | 'mallItem' | 'lotteryPrize' | 'checkinDay' | 'checkinTable' | 'maintenance';
  targetId: number | string;
  before: unknown;
  after: unknown;
};

export async function writeAudit(tx: Tx | Db, context: AuditContext, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: context.actorId,
    actorRole: context.actorRole,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: context.ip,
    brandId: context.brandId,
  });
}

/** Newest first, 50 a page; `target` matches a target id exactly (a user id, a live id). */
export async function listAudit(db: Db, query: AuditQuery): Promise<AuditPage> {
  const filters: SQL[] = [];
  if (query.actor) filters.push(eq(auditLog.actorId, query.actor));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.target) filters.push(eq(auditLog.targetId, query.target));
  const where = filters.length ? and(...filters) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const { page, pages, offset } = pageWindow(total, query.page);
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.nickName,
      actorRole: auditLog.actorRole,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
      ip: auditLog.ip,
    })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(adminPageSize)
    .offset(offset);
  return {
    rows: rows.map(({ createdAt, ...row }) => ({ ...row, at: createdAt.toISOString() })),
    total,
    page,
    pages,
  };
}
