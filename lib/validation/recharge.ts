// Recharge and wallet API shapes (docs/recharge.md): one schema per input, shared by the pages and the handlers,
// and the replies the server builds typed by them. Amounts: `price` in the currency's minor unit (cents, fen),
// gems in hundredths (spec §3 shows them divided by 100).
import { z } from 'zod';
import { pageNumber } from './paging';
import { orderStatuses, paymentProviders, rechargePageSize, walletHistoryKinds } from './recharge-constants';

const id = (message: string, max = Number.MAX_SAFE_INTEGER) => z.coerce.number(message).int(message).min(1, message).max(max, message);
const page = pageNumber('wallet.validation.badPage');

/** POST /api/recharge/create */
export const createOrderInput = z.object({
  // Packages have 32-bit serial ids: a larger one is refused here rather than failing the query.
  package_id: id('wallet.validation.packageRequired', 2_147_483_647),
  provider: z.enum(paymentProviders, 'wallet.validation.providerRequired'),
});

/** POST /api/recharge/orders: the caller's orders, newest first. */
export const ordersInput = z.object({ page });

/** POST /api/recharge/order: one of the caller's orders. */
export const orderInput = z.object({ order_id: id('wallet.validation.orderRequired') });

/** POST /api/recharge/sandbox/complete: the sandbox checkout's Pay or Fail button. */
export const sandboxCompleteInput = z.object({
  order_id: id('wallet.validation.orderRequired'),
  outcome: z.enum(['paid', 'failed'], 'wallet.validation.outcomeRequired'),
});

/** POST /api/wallet/history */
export const walletHistoryInput = z.object({ kind: z.enum(walletHistoryKinds, 'wallet.validation.kindRequired'), page });

// ── Replies ───────────────────────────────────────────────────────────────────────────────────────

const rechargePackageSchema = z.object({
  package_id: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  diamond: z.number().int(),
  bonus: z.number().int(),
});

/** `owed`: gems (hundredths) a refunded payment left unpaid; the next recharge pays it off first. */
export const packagesReply = z.object({
  currency: z.string(),
  providers: z.array(z.enum(paymentProviders)),
  list: z.array(rechargePackageSchema),
  owed: z.number().int(),
});
export type PackagesReply = z.infer<typeof packagesReply>;

export const createOrderReply = z.object({ order_id: z.number().int(), redirect_url: z.string() });
export type CreateOrderReply = z.infer<typeof createOrderReply>;

export const orderSchema = z.object({
  order_id: z.number().int(),
  package_id: z.number().int(),
  price: z.number().int(),
  currency: z.string(),
  diamond: z.number().int(),
  bonus: z.number().int(),
  provider: z.enum(paymentProviders),
  status: z.enum(orderStatuses),
  /** Unix seconds. */
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
});
export type OrderItem = z.infer<typeof orderSchema>;

export const ordersReply = z.object({ list: z.array(orderSchema), page: z.number().int(), size: z.literal(rechargePageSize), has_more: z.boolean() });
export type OrdersReply = z.infer<typeof ordersReply>;

export const sandboxCompleteReply = z.object({ order: orderSchema, return_url: z.string() });
export type SandboxCompleteReply = z.infer<typeof sandboxCompleteReply>;

/** One movement of the wallet: `amount` in hundredths (signed), `value` as shown (divided by 100). */
const walletEntrySchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  asset: z.enum(['diamond', 'gold']),
  amount: z.number().int(),
  value: z.number(),
  created_at: z.number().int(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletHistoryReply = z.object({
  list: z.array(walletEntrySchema),
  page: z.number().int(),
  size: z.literal(rechargePageSize),
  has_more: z.boolean(),
  owed: z.number().int(),
});
export type WalletHistory = z.infer<typeof walletHistoryReply>;
