import { defineHandler } from '@/lib/server/http/handler';
import { setBlocked } from '@/lib/server/inbox/private-chat';
import { privateBlockInput } from '@/lib/validation/inbox';

/** Stop (blocked 1) or allow again (0) private messages from a user. */
export const POST = defineHandler({ auth: 'user', input: privateBlockInput }, async ({ db, input, user }) => {
  await setBlocked(db, user.id, input.anchor_id, input.blocked === 1);
  return null;
});
