// The account calls the login dialog makes (spec §7), through the shared HTTP client. Replies are parsed with their
// schemas (lib/validation/auth.ts, users.ts): one without the promised shape rejects (a ZodError), which the dialog
// reports as a failed request.
import { api } from '@/lib/http';
import { browserDeviceId } from '@/lib/http/device-id';
import { captchaPathReply, loginType, readyForTakeOffReply, type CaptchaChallenge } from '@/lib/validation/auth';
import { passwordMessageReply, signedInSchema, type SignedIn } from '@/lib/validation/users';

/** Spec §9: web is platform 0, logins report source 10001. */
const webPlatform = 0;
const loginSourceId = 10001;

/** POST /api/user/sendCode: `reset` asks for a password-reset code (`is_change_mobile` 1). */
export async function sendCode(mobile: string, purpose: 'login' | 'reset'): Promise<void> {
  await api.post('/api/user/sendCode', { mobile, is_change_mobile: purpose === 'reset' ? 1 : 0 });
}

/** POST /api/user/login; a 301 reply rejects with an ApiError whose data carries `mobile_hash`. */
export async function login(input: { account: string; pwd: string; type: 'smsCode' | 'password'; captchaId?: string }): Promise<SignedIn> {
  const data = await api.post('/api/user/login', {
    account: input.account,
    pwd: input.pwd,
    platform: webPlatform,
    login_type: loginType[input.type],
    source_id: loginSourceId,
    website: location.host,
    ...(input.captchaId ? { captcha_id: input.captchaId } : {}),
  });
  return signedInSchema.parse(data);
}

/** POST /webapi/user/register with spec §3's registration payload. */
export async function register(input: { account: string; mobileHash: string; regSource: string; anchorId: number }): Promise<SignedIn> {
  const data = await api.post('/webapi/user/register', {
    account: input.account,
    mobile_hash: input.mobileHash,
    platform: webPlatform,
    pwd: '',
    sex: 0,
    device_info: await browserDeviceId(),
    reg_source_id: input.regSource,
    website: location.host,
    anchor_id: input.anchorId,
  });
  return signedInSchema.parse(data);
}

/** POST /api/user/readyForTakeOff: forgot-password step 1; answers the proof step 2 spends. */
export async function readyForTakeOff(mobile: string, smscode: string): Promise<string> {
  const data = await api.post('/api/user/readyForTakeOff', { mobile, smscode });
  return readyForTakeOffReply.parse(data).mobile_hash;
}

/** POST /api/user/forgetPwdHash: forgot-password step 2; answers the sentence to toast. */
export async function forgetPwdHash(mobile: string, mobileHash: string, pwd: string): Promise<string> {
  const data = await api.post('/api/user/forgetPwdHash', { mobile, mobile_hash: mobileHash, pwd });
  return passwordMessageReply.parse(data).msg;
}

/** POST /api/captcha_path: a new picture. */
export async function captchaPath(): Promise<CaptchaChallenge> {
  return captchaPathReply.parse(await api.post('/api/captcha_path'));
}

/** POST /api/captcha_verify: true only when the server answers true or 1 (spec §5). */
export async function captchaVerify(id: string, x: number): Promise<boolean> {
  const data = await api.post('/api/captcha_verify', { id, x });
  return data === true || data === 1;
}
