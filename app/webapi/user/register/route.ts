import { defineHandler } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { registerAccount } from '@/lib/server/auth/register';
import { signedInReply } from '@/lib/server/auth/login';
import { deviceIdFrom } from '@/lib/server/session/session-cookie';
import { registerInput } from '@/lib/validation/auth';

export const POST = defineHandler({ auth: 'none', input: registerInput }, async ({ input, db, brand, t, request, cookies }) => {
  const session = await registerAccount(
    db,
    {
      mobile: input.account,
      mobileHash: input.mobile_hash,
      password: input.pwd,
      sex: input.sex,
      deviceInfo: deviceIdFrom(request, input.device_info),
      regSource: input.reg_source_id || (request.headers.get('reg-source') ?? ''),
      website: input.website || (request.headers.get('host') ?? ''),
      anchorId: input.anchor_id,
    },
    { brand, t, ip: clientIp(request) },
  );
  const { data, cookie } = await signedInReply(db, request, session);
  cookies.push(cookie);
  return data;
});
