import 'server-only';
// Levels earned by spending and by checking in (spec §3 level, process/remainder): a gift or a purchase adds experience
// in the same transaction as its debit, a check-in in the same transaction as its rewards, and the level follows in
// the same statement, so a level never lags its experience.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { experiencePerUnitSpent, levelThresholds, maxLevel } from './levels';

/** Adds the experience of `spentHundredths` to the user; returns the new level and experience. */
export function awardSpendingExperience(db: Db | Tx, userId: number, spentHundredths: number): Promise<{ level: number; experience: number }> {
  return addExperience(db, userId, Math.floor(spentHundredths / 100) * experiencePerUnitSpent);
}

/** Adds `gained` points (spending, a check-in reward) to the user; returns the new level and experience. */
export async function addExperience(db: Db | Tx, userId: number, gained: number): Promise<{ level: number; experience: number }> {
  if (gained <= 0) {
    const [row] = await db.select({ level: users.level, experience: users.experience }).from(users).where(eq(users.id, userId));
    return { level: row?.level ?? 0, experience: row?.experience ?? 0 };
  }
  // The level is computed from the new experience inside the UPDATE (never read, then written back).
  const thresholds = sql.raw(`ARRAY[${levelThresholds.join(',')}]`);
  const [row] = await db
    .update(users)
    .set({
      experience: sql`${users.experience} + ${gained}`,
      level: sql`GREATEST(${users.level}, (SELECT count(*) - 1 FROM unnest(${thresholds}) AS t WHERE t <= ${users.experience} + ${gained})::int)`,
    })
    .where(eq(users.id, userId))
    .returning({ level: users.level, experience: users.experience });
  return { level: Math.min(row?.level ?? 0, maxLevel), experience: row?.experience ?? 0 };
}
