import { defineHandler } from '@/lib/server/http/handler';
import { recallPrivateMessage } from '@/lib/server/inbox/private-chat';
import { privateRevokeInput } from '@/lib/validation/inbox';

/** The sender recalls a private message within two minutes. */
export const POST = defineHandler({ auth: 'user', input: privateRevokeInput }, async ({ db, input, user }) => {
  await recallPrivateMessage(db, user.id, input.msg_id);
  return null;
});
