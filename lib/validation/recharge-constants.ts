// The recharge vocabulary the browser needs on its pages without the schemas (docs/recharge.md).

/** Payment providers: our own sandbox checkout, Stripe Checkout, Alipay page/wap pay. */
export const paymentProviders = ['sandbox', 'stripe', 'alipay'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** An order's life: pending → paid | failed | expired; a late payment still makes failed or expired paid; paid → refunded | disputed. */
export const orderStatuses = ['pending', 'paid', 'failed', 'expired', 'refunded', 'disputed'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** My orders and the wallet lists come in pages of this many. */
export const rechargePageSize = 20;

/** The wallet's two lists (spec §2 income and consumption lists): entries into the wallet, and out of it. */
export const walletHistoryKinds = ['income', 'consumption'] as const;
export type WalletHistoryKind = (typeof walletHistoryKinds)[number];

export function isPaymentProvider(name: string): name is PaymentProvider {
  return (paymentProviders as readonly string[]).includes(name);
}
