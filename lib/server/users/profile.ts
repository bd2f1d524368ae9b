import 'server-only';
// Profile changes a signed-in user makes to their own account: nickname (2–8 characters, once per 7 days, not
// an anchor's or staff member's name in any disguise).
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { users } from '@/lib/db/schema';
import { AppError } from '@/lib/server/http/errors';
import { nicknameCooldownDays } from '@/lib/validation/auth';
import type { UpdateNicknameReply } from '@/lib/validation/users';
import { isReservedFor, loadStaffNames } from './reserved-names';

const nicknameCooldownMs = nicknameCooldownDays * 86_400_000;

export function nextNicknameChangeAt(changedAt: Date | null): Date | undefined {
  return changedAt ? new Date(changedAt.getTime() + nicknameCooldownMs) : undefined;
}

export async function updateNickname(db: Db, userId: number, nickName: string): Promise<UpdateNicknameReply> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ nickName: users.nickName, changedAt: users.nicknameChangedAt, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (user.nickName === nickName) throw new AppError('auth.nicknameUnchanged');
    if (isReservedFor(nickName, { id: userId, role: user.role }, await loadStaffNames(tx))) throw new AppError('auth.nicknameReserved');
    const allowedAt = nextNicknameChangeAt(user.changedAt);
    if (allowedAt && allowedAt.getTime() > Date.now()) {
      throw new AppError('auth.nicknameCooldown', { days: Math.ceil((allowedAt.getTime() - Date.now()) / 86_400_000) });
    }
    await tx.update(users).set({ nickName, nicknameChangedAt: new Date() }).where(eq(users.id, userId));
    return { nick_name: nickName };
  });
}
