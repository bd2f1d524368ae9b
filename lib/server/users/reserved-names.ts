import 'server-only';
// Names that belong to someone (issue 18): an anchor's or a staff member's nickname (manager, operator) cannot
// be taken by anybody else, nor can words that claim to speak for the site (官方, admin…). Names are compared by
// their skeleton: width, case, accents, spacing and punctuation are ignored, and look-alike characters (Cyrillic
// о/а/е, 0/O, 1/l/I, full-width letters) count as the letter they imitate.
import { ne } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { Db, Tx } from '@/lib/db';
import { users, type UserRole } from '@/lib/db/schema';

const invisibleOrSeparator = /[\p{M}\p{Z}\p{P}\p{S}\p{C}]/gu;

/**
 * What a name looks like, whatever characters spell it: NFKC (full width → ASCII), accents dropped, lower case,
 * Unicode's confusables (unhomoglyph, the UTS #39 table), lower case again, and i taken as l: a capital I is
 * both, so once case is ignored the three cannot be told apart.
 */
function nameSkeleton(name: string): string {
  const folded = name.normalize('NFKC').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return unhomoglyph(folded).toLowerCase().replace(/i/gu, 'l').replace(invisibleOrSeparator, '');
}

// Words that would make a viewer read as the site or its staff, in both languages.
const staffWords = ['官方', '管理员', '客服', '房管', '超管', 'admin', 'official', 'moderator'].map(nameSkeleton);

export type StaffNames = Map<string, Set<number>>;

/** Every anchor's and staff member's name skeleton, with whose names they are. */
export async function loadStaffNames(db: Db | Tx): Promise<StaffNames> {
  const rows = await db.select({ id: users.id, nickName: users.nickName }).from(users).where(ne(users.role, 'user'));
  const names: StaffNames = new Map();
  for (const row of rows) {
    const skeleton = nameSkeleton(row.nickName);
    names.set(skeleton, (names.get(skeleton) ?? new Set()).add(row.id));
  }
  return names;
}

/** Whether `name` would pass for someone else among the staff, or (for a viewer) for the site itself. */
export function isReservedFor(name: string, user: { id: number; role: UserRole }, staffNames: StaffNames): boolean {
  const skeleton = nameSkeleton(name);
  const owners = staffNames.get(skeleton);
  if (owners) return !owners.has(user.id);
  return user.role === 'user' && staffWords.some((word) => skeleton.includes(word));
}
