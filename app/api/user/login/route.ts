import { defineHandler } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { loginWithPassword, loginWithSmsCode, signedInReply } from '@/lib/server/auth/login';
import { deviceIdFrom } from '@/lib/server/session/session-cookie';
import { loginInput, loginType } from '@/lib/validation/auth';

export const POST = defineHandler({ auth: 'none', input: loginInput }, async ({ input, db, request, cookies }) => {
  const deviceId = deviceIdFrom(request);
  const session =
    input.login_type === loginType.smsCode
      ? await loginWithSmsCode(db, { mobile: input.account, code: input.pwd, deviceId })
      : await loginWithPassword(db, { mobile: input.account, password: input.pwd, captchaId: input.captcha_id, deviceId, ip: clientIp(request) });
  const { data, cookie } = await signedInReply(db, request, session);
  cookies.push(cookie);
  return data;
});
