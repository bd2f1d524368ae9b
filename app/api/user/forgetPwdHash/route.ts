import { defineHandler } from '@/lib/server/http/handler';
import { finishPasswordReset } from '@/lib/server/auth/password-reset';
import { forgetPwdHashInput } from '@/lib/validation/auth';

export const POST = defineHandler({ auth: 'none', input: forgetPwdHashInput }, async ({ input, db, t }) => {
  await finishPasswordReset(db, { mobile: input.mobile, mobileHash: input.mobile_hash, password: input.pwd });
  // Spec §7: the dialog toasts data.msg.
  return { msg: t('auth.passwordResetDone') };
});
