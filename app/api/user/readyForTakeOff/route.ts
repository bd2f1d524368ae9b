import { defineHandler } from '@/lib/server/http/handler';
import { startPasswordReset } from '@/lib/server/auth/password-reset';
import { readyForTakeOffInput } from '@/lib/validation/auth';

export const POST = defineHandler({ auth: 'none', input: readyForTakeOffInput }, ({ input, db }) =>
  startPasswordReset(db, { mobile: input.mobile, code: input.smscode }),
);
