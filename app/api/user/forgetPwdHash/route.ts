import { defineHandler } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { finishPasswordReset } from '@/lib/server/auth/password-reset';
import { forgetPwdHashInput } from '@/lib/validation/auth';
import type { PasswordMessageReply } from '@/lib/validation/users';

export const POST = defineHandler({ auth: 'none', input: forgetPwdHashInput }, async ({ input, db, t, request }) => {
  await finishPasswordReset(db, { mobile: input.mobile, mobileHash: input.mobile_hash, password: input.pwd, ip: clientIp(request) });
  // Spec §7: the dialog toasts data.msg.
  return { msg: t('auth.passwordResetDone') } satisfies PasswordMessageReply;
});
