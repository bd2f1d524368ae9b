import { defineHandler } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { sendSmsCode } from '@/lib/server/auth/sms-codes';
import { sendCodeInput } from '@/lib/validation/auth';

export const POST = defineHandler({ auth: 'none', input: sendCodeInput }, async ({ input, db, request }) => {
  await sendSmsCode(db, { mobile: input.mobile, purpose: input.is_change_mobile === 1 ? 'reset' : 'login', ip: clientIp(request) });
  return null;
});
