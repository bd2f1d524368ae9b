import 'server-only';
// The seam between the order service and a payment provider (docs/recharge.md): a provider opens a checkout for
// an order and turns its own callback into one normalised event, after checking the callback's signature.
import type { PaymentProvider } from '@/lib/validation/recharge-constants';

/** What a checkout needs to know of an order; the URLs are absolute where a real provider needs them. */
type CheckoutOrder = {
  id: number;
  priceMinor: number;
  currency: string;
  /** The line the customer sees at the provider, e.g. "SportCast 500 gems". */
  description: string;
  locale: string;
  /** Where the customer comes back to after paying or giving up. */
  returnUrl: string;
  /** Where the provider posts its asynchronous notification (Alipay takes it per payment). */
  notifyUrl: string;
  expiresAt: Date;
  /** A phone's browser gets the provider's mobile checkout where it has one (Alipay wap pay). */
  mobile: boolean;
};

type Checkout = { redirectUrl: string; checkoutRef: string };

export const providerEventKinds = ['paid', 'failed', 'expired', 'refunded', 'disputed'] as const;
export type ProviderEventKind = (typeof providerEventKinds)[number];

/**
 * A verified callback, normalised: which order (by our id, or by the provider's payment reference for refunds and
 * disputes that carry only that), what happened, and the money it concerns in the currency's minor unit.
 */
export type ProviderEvent = {
  eventId: string;
  orderId?: number;
  paymentRef?: string;
  kind: ProviderEventKind;
  amountMinor: number;
  currency: string;
  payload: Record<string, unknown>;
};

/** The raw callback: its body exactly as received (signatures cover the bytes) and its headers. */
export type CallbackRequest = { rawBody: string; headers: Headers };

/** A callback whose signature, timestamp or shape does not check out: nothing is recorded for it. */
export class CallbackRejectedError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CallbackRejectedError';
  }
}

export interface PaymentProviderAdapter {
  readonly name: PaymentProvider;
  createCheckout(order: CheckoutOrder): Promise<Checkout>;
  /** The event, or undefined for a verified callback about something recharge does not act on. */
  verifyCallback(request: CallbackRequest): Promise<ProviderEvent | undefined>;
  /** The reply the provider expects: an acknowledgement stops its retries. */
  reply(accepted: boolean): Response;
}

/** A decimal amount as providers write it ("68.00") in minor units, without floating point; undefined if malformed. */
export function minorUnitsOf(decimal: string, exponent = 2): number | undefined {
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(decimal.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > exponent && /[1-9]/.test(fraction.slice(exponent))) return undefined;
  return Number(match[1]) * 10 ** exponent + Number(fraction.slice(0, exponent).padEnd(exponent, '0') || '0');
}
