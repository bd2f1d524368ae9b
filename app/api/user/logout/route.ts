import { defineHandler, noInput } from '@/lib/server/http/handler';
import { clearedSessionCookies } from '@/lib/server/session/session-cookie';
import { announceIdentityChange } from '@/lib/server/session/identity-change';
import { revokeSession } from '@/lib/server/session/sessions';

export const POST = defineHandler({ auth: 'user', input: noInput }, async ({ user, db, request, cookies }) => {
  await revokeSession(db, user.sessionId);
  await announceIdentityChange(user.id);
  cookies.push(...clearedSessionCookies(request));
  return null;
});
