import { defineHandler, noInput } from '@/lib/server/http/handler';
import { clearedSessionCookies } from '@/lib/server/auth/session-cookie';
import { revokeSession } from '@/lib/server/session/sessions';

export const POST = defineHandler({ auth: 'user', input: noInput }, async ({ user, db, request, cookies }) => {
  await revokeSession(db, user.sessionId);
  cookies.push(...clearedSessionCookies(request));
  return null;
});
