import { defineHandler, noInput } from '@/lib/server/http/handler';
import { markSystemRead } from '@/lib/server/inbox/system-messages';

/** Spec §7 mgrChat/read: the system conversation is read. */
export const POST = defineHandler({ auth: 'user', input: noInput }, async ({ db, user }) => {
  await markSystemRead(db, user.id);
  return null;
});
