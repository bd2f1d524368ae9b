import { defineHandler } from '@/lib/server/http/handler';
import { AppError } from '@/lib/server/http/errors';
import { configuredProvider } from '@/lib/server/recharge/registry';
import { completeSandboxCheckout } from '@/lib/server/recharge/sandbox-checkout';
import { sandboxCompleteInput } from '@/lib/validation/recharge';

/** The sandbox checkout's Pay or Fail: the sandbox "provider" then calls our notify handler with a signed callback. */
export const POST = defineHandler({ auth: 'user', input: sandboxCompleteInput }, ({ db, user, input }) => {
  if (!configuredProvider('sandbox')) throw new AppError('wallet.recharge.errors.providerUnavailable');
  return completeSandboxCheckout(db, user.id, input.order_id, input.outcome);
});
