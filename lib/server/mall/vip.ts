import 'server-only';
// VIP membership (spec §6 VIP 1–3: knight, duke, emperor; §4 their entrance animations). One row per member in
// vip_memberships; users.vip_level follows it in the same transaction, and the expiry job sets it back to 0.
//
//   buy level L for d days:  none or expired  → L until now + d
//                            L active          → L, expiry + d (extended)
//                            lower active      → L until now + d (upgraded; the rest of the lower level lapses)
//                            higher active     → refused
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { queryRows } from '@/lib/db';
import { users, vipMemberships } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';

export type Membership = { level: number; expiresAt: Date | null };

/** Applies a purchase of `days` of `level` in one guarded upsert; refuses while a higher level is active. */
export async function applyVipPurchase(tx: Tx, userId: number, level: number, days: number): Promise<Membership> {
  const period = sql`make_interval(days => ${days})`;
  const rows = await queryRows<{ level: number; expires_at: Date | string }>(tx, sql`
    INSERT INTO vip_memberships (user_id, level, expires_at) VALUES (${userId}, ${level}, now() + ${period})
    ON CONFLICT (user_id) DO UPDATE SET
      level = excluded.level,
      expires_at = CASE
        WHEN vip_memberships.level = excluded.level AND vip_memberships.expires_at > now() THEN vip_memberships.expires_at + ${period}
        ELSE now() + ${period} END,
      updated_at = now()
    WHERE vip_memberships.expires_at <= now() OR vip_memberships.level <= excluded.level
    RETURNING level, expires_at`);
  if (rows.length === 0) {
    const current = await readMembership(tx, userId);
    throw new AppError('mall.errors.higherVipActive', { level: current.level });
  }
  await tx.update(users).set({ vipLevel: level }).where(eq(users.id, userId));
  return { level: rows[0].level, expiresAt: new Date(rows[0].expires_at) };
}

/** The member's level and expiry as users.vip_level shows it; expiresAt null when not a member. */
export async function readMembership(db: Db | Tx, userId: number): Promise<Membership> {
  const [row] = await db
    .select({ level: users.vipLevel, expiresAt: vipMemberships.expiresAt })
    .from(users)
    .leftJoin(vipMemberships, eq(vipMemberships.userId, users.id))
    .where(eq(users.id, userId));
  return { level: row?.level ?? 0, expiresAt: row?.expiresAt ?? null };
}

/**
 * The expiry job: memberships past their end go and their users fall back to level 0, in one statement, so a
 * renewal committed meanwhile (a later expiry) is never dropped. Returns the users whose membership ended.
 */
export async function expireVipMemberships(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`
    WITH expired AS (DELETE FROM ${vipMemberships} WHERE expires_at <= now() RETURNING user_id)
    UPDATE ${users} SET vip_level = 0 FROM expired WHERE ${users.id} = expired.user_id RETURNING ${users.id} AS id`);
  return rows.map((row) => Number(row.id));
}
