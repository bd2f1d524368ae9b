import 'server-only';
// Alipay through its official SDK (alipay-sdk 4.x, docs/recharge.md): a signed page pay (computer) or wap pay
// (phone) address for the customer, and the asynchronous notification verified with the SDK's signature check.
// The trade's out_trade_no is our order id; Alipay prices are yuan with two decimals (CNY only).
import { AlipaySdk } from 'alipay-sdk';
import { CallbackRejectedError, minorUnitsOf, type CallbackRequest, type PaymentProviderAdapter, type ProviderEvent } from '../provider';

export type AlipaySettings = {
  appId: string;
  /** The app's private key, PKCS#8: PEM or the bare base64 Alipay's key tool prints. */
  privateKey: string;
  /** Alipay's public key (not the app's), PEM or bare base64. */
  alipayPublicKey: string;
  gateway: string;
};

/** Minor units as Alipay writes an amount: 6800 → "68.00". */
export function yuanText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The notification as recharge sees it; undefined while the buyer has not paid yet. */
function normalise(fields: Record<string, string>): ProviderEvent | undefined {
  const status = fields.trade_status;
  const orderId = Number(fields.out_trade_no);
  const base = {
    eventId: fields.notify_id,
    orderId: Number.isSafeInteger(orderId) && orderId > 0 ? orderId : undefined,
    paymentRef: fields.trade_no || undefined,
    // A domestic trade is in yuan; a cross-border one names its currency.
    currency: (fields.currency || 'CNY').toUpperCase(),
    payload: { ...fields },
  };
  const amount = (text: string | undefined) => {
    const minor = minorUnitsOf(text ?? '');
    if (minor === undefined) throw new CallbackRejectedError(`malformed Alipay amount "${text}"`);
    return minor;
  };
  // A refund's notification carries the refunded total so far: partial (TRADE_SUCCESS) or whole (TRADE_CLOSED).
  const refunded = fields.refund_fee ? amount(fields.refund_fee) : 0;
  if (refunded > 0) return { ...base, kind: 'refunded', amountMinor: refunded };
  if (status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED') return { ...base, kind: 'paid', amountMinor: amount(fields.total_amount) };
  if (status === 'TRADE_CLOSED') return { ...base, kind: 'expired', amountMinor: amount(fields.total_amount) };
  return undefined;
}

export function createAlipayProvider(settings: AlipaySettings): PaymentProviderAdapter {
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKey,
    alipayPublicKey: settings.alipayPublicKey,
    gateway: settings.gateway,
    keyType: 'PKCS8',
    signType: 'RSA2',
  });
  return {
    name: 'alipay',
    async createCheckout(order) {
      const minutes = Math.max(1, Math.round((order.expiresAt.getTime() - Date.now()) / 60_000));
      const redirectUrl = sdk.pageExecute(order.mobile ? 'alipay.trade.wap.pay' : 'alipay.trade.page.pay', 'GET', {
        bizContent: {
          out_trade_no: String(order.id),
          total_amount: yuanText(order.priceMinor),
          subject: order.description,
          product_code: order.mobile ? 'QUICK_WAP_WAY' : 'FAST_INSTANT_TRADE_PAY',
          timeout_express: `${minutes}m`,
        },
        notifyUrl: order.notifyUrl,
        returnUrl: order.returnUrl,
      });
      return { redirectUrl, checkoutRef: String(order.id) };
    },
    async verifyCallback({ rawBody }: CallbackRequest) {
      const fields = Object.fromEntries(new URLSearchParams(rawBody));
      // The values are decoded already: the SDK's V2 check signs them as they are.
      if (!fields.sign || !sdk.checkNotifySignV2(fields)) throw new CallbackRejectedError('bad Alipay notification signature');
      if (fields.app_id !== settings.appId) throw new CallbackRejectedError(`Alipay notification for another app (${fields.app_id})`);
      if (!fields.notify_id) throw new CallbackRejectedError('Alipay notification without notify_id');
      return normalise(fields);
    },
    reply(accepted) {
      // Alipay reads the body: "success" stops its retries, anything else asks for another delivery.
      return new Response(accepted ? 'success' : 'failure', { status: accepted ? 200 : 400, headers: { 'content-type': 'text/plain' } });
    },
  };
}
