import { defineHandler } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { consoleCall } from '@/lib/server/admin/context';
import { consoleCookie } from '@/lib/server/admin/console-session';
import { reauthenticate } from '@/lib/server/admin/sign-in';
import { reauthInput, reauthWindowMinutes } from '@/lib/validation/admin';

// The password again before a sensitive action; good for a few minutes.
export const POST = defineHandler({ auth: 'none', input: reauthInput }, async ({ db, input, request, brand, cookies }) => {
  const { actor } = await consoleCall(db, request, brand, 'self');
  cookies.push(await consoleCookie(request, await reauthenticate(db, actor, input.password, clientIp(request))));
  return { minutes: reauthWindowMinutes };
});
