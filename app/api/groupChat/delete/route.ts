import { defineHandler } from '@/lib/server/http/handler';
import { deleteGroupMessage } from '@/lib/server/fan-groups/fan-groups';
import { groupMessageInput } from '@/lib/validation/fan-groups';

/** The anchor or a manager deletes a line. */
export const POST = defineHandler({ auth: 'user', input: groupMessageInput }, async ({ db, input, user }) => {
  await deleteGroupMessage(db, user, input.msg_id);
  return null;
});
