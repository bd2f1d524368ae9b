import { defineHandler } from '@/lib/server/http/handler';
import { unbanMember } from '@/lib/server/fan-groups/fan-groups';
import { groupMemberInput } from '@/lib/validation/fan-groups';

/** Lifts a member's ban in the group. */
export const POST = defineHandler({ auth: 'user', input: groupMemberInput }, async ({ db, input, user }) => {
  await unbanMember(db, user, input.group_id, input.user_id);
  return null;
});
