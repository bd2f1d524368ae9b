import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { consoleCookie } from '@/lib/server/admin/console-session';
import { confirmTotp } from '@/lib/server/admin/totp';
import { totpConfirmInput } from '@/lib/validation/admin';

// The first code from the authenticator app switches the second factor on; this session counts as having given it.
export const POST = defineHandler({ auth: 'none', input: totpConfirmInput }, async ({ db, input, request, brand, cookies }) => {
  const { actor, audit } = await consoleCall(db, request, brand, 'self');
  await confirmTotp(db, audit, input.code);
  cookies.push(await consoleCookie(request, { ...actor.grant, mfa: true }));
  return null;
});
