import { defineHandler } from '@/lib/server/http/handler';
import { AppError } from '@/lib/server/http/errors';
import { getBackpack } from '@/lib/server/live/hd-ticket';
import { backpackInput } from '@/lib/validation/live';

/** Spec §7 user_backpack {user_id}: the caller's own backpack; another user's id is refused. */
const userBackpack = defineHandler({ auth: 'user', input: backpackInput, methods: ['GET', 'POST'] }, ({ user, db, input }) => {
  if (input.user_id !== 0 && input.user_id !== user.id) throw new AppError('live.errors.notYourAccount');
  return getBackpack(db, user.id);
});

export { userBackpack as GET, userBackpack as POST };
