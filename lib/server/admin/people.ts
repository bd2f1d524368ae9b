import 'server-only';
// People in the operator console: finding accounts, one account's page, site-wide bans, ending an account's
// sessions and changing its roles. Each change locks the account's row, makes the change and writes its audit
// row in one transaction; the gateways are told afterwards, as the ops command does (lib/server/ops/users.ts).
import { and, count, desc, eq, gt, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { sessions, users, type User } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { announceIdentityChange } from '@/lib/server/session/identity-change';
import { revokeUserSessions } from '@/lib/server/session/sessions';
import { adminPageSize, type BanInput, type BanState, type PeoplePage, type PersonDetail, type PersonSummary, type RoleChangeInput } from '@/lib/validation/admin';
import { pageWindow } from './paging';
import { writeAudit, type AuditContext } from './audit';
import { consoleRoleOf, type ConsoleActor } from './console-session';

const summaryColumns = {
  id: users.id,
  nickName: users.nickName,
  mobile: users.mobile,
  role: users.role,
  consoleRole: users.consoleRole,
  brandId: users.brandId,
  createdAt: users.createdAt,
  bannedAt: users.bannedAt,
  banExpiresAt: users.banExpiresAt,
  banReason: users.banReason,
};

type SummaryRow = { [K in keyof typeof summaryColumns]: User[K] };

function banOf(row: Pick<User, 'bannedAt' | 'banExpiresAt' | 'banReason'>, now = new Date()): BanState | null {
  if (!row.bannedAt || (row.banExpiresAt && row.banExpiresAt <= now)) return null;
  return { reason: row.banReason ?? '', since: row.bannedAt.toISOString(), until: row.banExpiresAt?.toISOString() ?? null };
}

function summary(row: SummaryRow): PersonSummary {
  return {
    id: row.id,
    nickName: row.nickName,
    mobile: row.mobile,
    role: row.role,
    consoleRole: row.consoleRole,
    brandId: row.brandId,
    createdAt: row.createdAt.toISOString(),
    ban: banOf(row),
  };
}

/** LIKE's own characters in a search term are literal. */
function likeTerm(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** By id (exact), phone (part) or nickname (part); newest accounts first; everyone when the query is empty. */
export async function searchPeople(db: Db, query: { q: string; page: number }): Promise<PeoplePage> {
  const terms: SQL[] = [];
  if (query.q) {
    terms.push(ilike(users.nickName, likeTerm(query.q)));
    const digits = query.q.replace(/[\s+-]/g, '');
    if (/^\d+$/.test(digits)) {
      terms.push(ilike(users.mobile, likeTerm(digits)));
      if (digits.length <= 15) terms.push(eq(users.id, Number(digits)));
    }
  }
  const where = terms.length ? or(...terms) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(users).where(where);
  const { page, pages, offset } = pageWindow(total, query.page);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(adminPageSize)
    .offset(offset);
  return { rows: rows.map(summary), total, page, pages };
}

export async function getPerson(db: Db, userId: number): Promise<PersonDetail | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, vipLevel: users.vipLevel, level: users.level, regSource: users.regSource })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const [{ live }] = await db
    .select({ live: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  return { ...summary(row), vipLevel: row.vipLevel, level: row.level, regSource: row.regSource, liveSessions: live };
}

async function lockPerson(tx: Tx, userId: number): Promise<User> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new AppError('admin.errors.userNotFound');
  return user;
}

function banSnapshot(user: Pick<User, 'bannedAt' | 'banExpiresAt' | 'banReason'>) {
  const ban = banOf(user);
  return ban ? { banned: true, reason: ban.reason, until: ban.until } : { banned: false };
}

/** Nobody bans themselves, and only a full operator may act on a console account (no moderator bans an operator). */
function assertMayActOn(actor: ConsoleActor, target: User): void {
  if (target.id === actor.id) throw new AppError('admin.errors.notOnYourself');
  if (consoleRoleOf(target) && actor.role !== 'operator') throw new AppError('admin.errors.consoleAccountProtected');
}

/** A site-wide ban: every session of the account ends, and sign-in refuses it until the ban ends or is lifted. */
export async function banPerson(db: Db, actor: ConsoleActor, context: AuditContext, input: BanInput, now = new Date()): Promise<BanState> {
  const ban = await db.transaction(async (tx) => {
    const user = await lockPerson(tx, input.user_id);
    assertMayActOn(actor, user);
    const expiresAt = input.hours > 0 ? new Date(now.getTime() + input.hours * 3_600_000) : null;
    const [updated] = await tx
      .update(users)
      .set({ bannedAt: now, banExpiresAt: expiresAt, banReason: input.reason })
      .where(eq(users.id, user.id))
      .returning();
    await revokeUserSessions(tx, user.id);
    await writeAudit(tx, context, { action: 'user.ban', targetType: 'user', targetId: user.id, before: banSnapshot(user), after: banSnapshot(updated) });
    return banOf(updated, now);
  });
  await announceIdentityChange(input.user_id);
  if (!ban) throw new Error('ban not in force after writing it');
  return ban;
}

export async function unbanPerson(db: Db, actor: ConsoleActor, context: AuditContext, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockPerson(tx, userId);
    assertMayActOn(actor, user);
    if (!banOf(user)) throw new AppError('admin.errors.notBanned');
    const [updated] = await tx.update(users).set({ bannedAt: null, banExpiresAt: null, banReason: null }).where(eq(users.id, user.id)).returning();
    await writeAudit(tx, context, { action: 'user.unban', targetType: 'user', targetId: user.id, before: banSnapshot(user), after: banSnapshot(updated) });
  });
}

/** Ends every session of the account (its console session included); it must sign in again. */
export async function revokePersonSessions(db: Db, actor: ConsoleActor, context: AuditContext, userId: number): Promise<{ ended: number }> {
  const ended = await db.transaction(async (tx) => {
    const user = await lockPerson(tx, userId);
    assertMayActOn(actor, user);
    const live = and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()));
    const [{ n }] = await tx.select({ n: count() }).from(sessions).where(live);
    await revokeUserSessions(tx, user.id);
    await writeAudit(tx, context, { action: 'user.sessions.revoke', targetType: 'user', targetId: user.id, before: { liveSessions: n }, after: { liveSessions: 0 } });
    return n;
  });
  await announceIdentityChange(userId);
  return { ended };
}

/** The site role and the console sub-role; a full operator needs no sub-role, so it is cleared. */
export async function changePersonRole(db: Db, actor: ConsoleActor, context: AuditContext, input: RoleChangeInput): Promise<{ role: User['role']; consoleRole: User['consoleRole'] }> {
  const result = await db.transaction(async (tx) => {
    const user = await lockPerson(tx, input.user_id);
    if (user.id === actor.id) throw new AppError('admin.errors.notOnYourself');
    const consoleRole = input.role === 'operator' || input.console_role === '' ? null : input.console_role;
    if (user.role === input.role && user.consoleRole === consoleRole) throw new AppError('admin.errors.roleUnchanged');
    await tx.update(users).set({ role: input.role, consoleRole }).where(eq(users.id, user.id));
    await writeAudit(tx, context, {
      action: 'user.role',
      targetType: 'user',
      targetId: user.id,
      before: { role: user.role, consoleRole: user.consoleRole },
      after: { role: input.role, consoleRole },
    });
    return { role: input.role, consoleRole };
  });
  // Open chat sockets take the new role at once (a demoted manager stops moderating).
  await announceIdentityChange(input.user_id);
  return result;
}
