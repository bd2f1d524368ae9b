import { defineHandler } from '@/lib/server/http/handler';
import { recallGroupMessage } from '@/lib/server/fan-groups/fan-groups';
import { groupMessageInput } from '@/lib/validation/fan-groups';

/** The sender recalls their line within two minutes. */
export const POST = defineHandler({ auth: 'user', input: groupMessageInput }, async ({ db, input, user }) => {
  await recallGroupMessage(db, user.id, input.msg_id);
  return null;
});
