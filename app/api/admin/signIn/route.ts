import { defineHandler } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { consoleCookie } from '@/lib/server/admin/console-session';
import { signInToConsole } from '@/lib/server/admin/sign-in';
import { consoleSignInInput } from '@/lib/validation/admin';

// The operator console's sign-in: a console cookie of its own, apart from the site's session.
export const POST = defineHandler({ auth: 'none', input: consoleSignInInput }, async ({ db, input, request, cookies }) => {
  const grant = await signInToConsole(db, input, clientIp(request));
  cookies.push(await consoleCookie(request, grant));
  return { totp: grant.mfa ? 1 : 0 };
});
