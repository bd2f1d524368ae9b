import { defineHandler } from '@/lib/server/http/handler';
import { kickMember } from '@/lib/server/fan-groups/fan-groups';
import { groupMemberInput } from '@/lib/validation/fan-groups';

/** The anchor or a manager removes a member (who may join again a day later). */
export const POST = defineHandler({ auth: 'user', input: groupMemberInput }, async ({ db, input, user }) => {
  await kickMember(db, user, input.group_id, input.user_id);
  return null;
});
