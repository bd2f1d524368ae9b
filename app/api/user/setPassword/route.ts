import { defineHandler } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { setAccountPassword } from '@/lib/server/auth/password-change';
import { setPasswordInput } from '@/lib/validation/auth';
import type { PasswordMessageReply } from '@/lib/validation/users';

export const POST = defineHandler({ auth: 'user', input: setPasswordInput }, async ({ input, user, db, request, t }) => {
  await setAccountPassword(db, user, { oldPassword: input.old_pwd, newPassword: input.pwd, ip: clientIp(request) });
  return { msg: t('auth.passwordChanged') } satisfies PasswordMessageReply;
});
