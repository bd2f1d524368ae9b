import { defineHandler } from '@/lib/server/http/handler';
import { markGroupRead } from '@/lib/server/fan-groups/fan-groups';
import { groupReadInput } from '@/lib/validation/fan-groups';

/** Spec §7 groupChat/read {fans_group_id}: the group is read up to its newest line. */
export const POST = defineHandler({ auth: 'user', input: groupReadInput }, async ({ db, input, user }) => {
  await markGroupRead(db, user, input.fans_group_id);
  return null;
});
