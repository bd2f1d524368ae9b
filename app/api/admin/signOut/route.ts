import { defineHandler, noInput } from '@/lib/server/http/handler';
import { clearedConsoleCookies, findConsoleActor, sealedConsoleCookie } from '@/lib/server/admin/console-session';
import { signOutOfConsole } from '@/lib/server/admin/sign-in';

export const POST = defineHandler({ auth: 'none', input: noInput }, async ({ db, request, cookies }) => {
  await signOutOfConsole(db, await findConsoleActor(db, sealedConsoleCookie(request.cookies)));
  cookies.push(...clearedConsoleCookies(request));
  return null;
});
