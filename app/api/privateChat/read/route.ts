import { defineHandler } from '@/lib/server/http/handler';
import { markConversationRead } from '@/lib/server/inbox/private-chat';
import { privateReadInput } from '@/lib/validation/inbox';

/** Spec §7 privateChat/read: the peer's messages up to `latest_msg_stamp` are read. */
export const POST = defineHandler({ auth: 'user', input: privateReadInput }, async ({ db, input, user }) => {
  await markConversationRead(db, user.id, input.anchor_id, input.latest_msg_stamp);
  return null;
});
