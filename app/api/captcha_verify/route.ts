import { defineHandler } from '@/lib/server/http/handler';
import { verifyCaptcha } from '@/lib/server/captcha/challenges';
import { captchaVerifyInput } from '@/lib/validation/auth';

export const POST = defineHandler({ auth: 'none', input: captchaVerifyInput }, ({ input, db }) => verifyCaptcha(db, input));
