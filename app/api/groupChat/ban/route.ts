import { defineHandler } from '@/lib/server/http/handler';
import { banMember } from '@/lib/server/fan-groups/fan-groups';
import { groupBanInput } from '@/lib/validation/fan-groups';

/** The anchor or a manager mutes a member in the group for a while, or for good. */
export const POST = defineHandler({ auth: 'user', input: groupBanInput }, async ({ db, input, user }) => {
  await banMember(db, user, input);
  return null;
});
