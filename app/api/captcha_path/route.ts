import { defineHandler, noInput } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { issueCaptcha } from '@/lib/server/captcha/challenges';

export const POST = defineHandler({ auth: 'none', input: noInput }, ({ db, request }) => issueCaptcha(db, clientIp(request)));
