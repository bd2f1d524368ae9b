import 'server-only';
// The sandbox provider's side of its hosted checkout: the customer's Pay or Fail click becomes a signed callback
// delivered to our notify endpoint's handler, the same verification and the same path a real provider's takes.
import type { Db } from '@/lib/db';
import { AppError } from '@/lib/server/http/errors';
import { rechargeReturnPath } from '@/lib/routes';
import type { SandboxCompleteReply } from '@/lib/validation/recharge';
import { handleNotify } from './notify';
import { findOwnOrder, orderItem } from './orders';
import { sandboxCallback, sandboxSignatureHeader, signSandboxCallback } from './providers/sandbox';

/** POST /api/recharge/sandbox/complete: pays or fails the caller's pending sandbox order. */
export async function completeSandboxCheckout(db: Db, userId: number, orderId: number, outcome: 'paid' | 'failed'): Promise<SandboxCompleteReply> {
  const order = await findOwnOrder(db, userId, orderId);
  if (order.provider !== 'sandbox') throw new AppError('wallet.recharge.errors.noOrder');
  if (order.status !== 'pending') throw new AppError('wallet.recharge.errors.notPending');
  const body = JSON.stringify(sandboxCallback(order, outcome));
  const callback = new Request('http://sandbox.invalid/api/recharge/notify/sandbox', {
    method: 'POST',
    headers: { 'content-type': 'application/json', [sandboxSignatureHeader]: signSandboxCallback(body) },
    body,
  });
  const { response } = await handleNotify(db, 'sandbox', callback);
  if (!response.ok) throw new AppError('wallet.recharge.errors.checkoutFailed');
  return { order: orderItem(await findOwnOrder(db, userId, orderId)), return_url: rechargeReturnPath(orderId) };
}
