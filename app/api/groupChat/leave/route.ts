import { defineHandler } from '@/lib/server/http/handler';
import { leaveFanGroup } from '@/lib/server/fan-groups/fan-groups';
import { groupInput } from '@/lib/validation/fan-groups';

/** Leaves a fan group quietly (no notice to the group). */
export const POST = defineHandler({ auth: 'user', input: groupInput }, async ({ db, input, user }) => {
  await leaveFanGroup(db, user.id, input.group_id);
  return null;
});
