import 'server-only';
// Stripe through its official package (docs/recharge.md): a Checkout Session per order, and webhooks verified with
// `constructEvent` on the raw body. The session and its PaymentIntent carry our order id in their metadata; a refund
// or dispute names the PaymentIntent, which the paid event stored on the order.
import Stripe from 'stripe';
import { CallbackRejectedError, type CallbackRequest, type PaymentProviderAdapter, type ProviderEvent } from '../provider';

export type StripeSettings = {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a proxy; a local stand-in in tests). */
  apiUrl?: string;
};

function clientOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  if (!apiUrl) return { maxNetworkRetries: 2 };
  const url = new URL(apiUrl);
  return {
    maxNetworkRetries: 2,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

const orderIdOf = (metadata: Stripe.Metadata | null | undefined): number | undefined => {
  const value = Number(metadata?.order_id);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
};

const idOf = (value: string | { id: string } | null | undefined): string | undefined => (typeof value === 'string' ? value : value?.id);

/** The event as recharge sees it; undefined for the many Stripe events it does not act on. */
function normalise(event: Stripe.Event): ProviderEvent | undefined {
  const base = { eventId: event.id, payload: { type: event.type, id: event.id } };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      // A delayed method (a bank debit) completes unpaid and succeeds later in its own event.
      if (session.payment_status !== 'paid') return undefined;
      return {
        ...base,
        orderId: orderIdOf(session.metadata) ?? (Number(session.client_reference_id) || undefined),
        paymentRef: idOf(session.payment_intent),
        kind: 'paid',
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const session = event.data.object;
      return {
        ...base,
        orderId: orderIdOf(session.metadata),
        kind: event.type === 'checkout.session.expired' ? 'expired' : 'failed',
        amountMinor: session.amount_total ?? 0,
        currency: (session.currency ?? '').toUpperCase(),
      };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      return {
        ...base,
        orderId: orderIdOf(charge.metadata),
        paymentRef: idOf(charge.payment_intent),
        kind: 'refunded',
        // Cumulative: a partial refund is refused by the order service, a later full one is applied.
        amountMinor: charge.amount_refunded,
        currency: charge.currency.toUpperCase(),
      };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      return {
        ...base,
        orderId: orderIdOf(dispute.metadata),
        paymentRef: idOf(dispute.payment_intent),
        kind: 'disputed',
        amountMinor: dispute.amount,
        currency: dispute.currency.toUpperCase(),
      };
    }
    default:
      return undefined;
  }
}

export function createStripeProvider(settings: StripeSettings): PaymentProviderAdapter {
  const stripe = new Stripe(settings.secretKey, clientOptions(settings.apiUrl));
  return {
    name: 'stripe',
    async createCheckout(order) {
      const metadata = { order_id: String(order.id) };
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: String(order.id),
          metadata,
          payment_intent_data: { metadata },
          line_items: [{ quantity: 1, price_data: { currency: order.currency.toLowerCase(), unit_amount: order.priceMinor, product_data: { name: order.description } } }],
          success_url: order.returnUrl,
          cancel_url: order.returnUrl,
          expires_at: Math.floor(order.expiresAt.getTime() / 1000),
          locale: order.locale.startsWith('zh') ? 'zh' : 'en',
        },
        // A retried create (a network error) must not open a second session for the same order.
        { idempotencyKey: `recharge-order-${order.id}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a URL`);
      return { redirectUrl: session.url, checkoutRef: session.id };
    },
    async verifyCallback({ rawBody, headers }: CallbackRequest) {
      const signature = headers.get('stripe-signature');
      if (!signature) throw new CallbackRejectedError('no Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch (error) {
        throw new CallbackRejectedError(error instanceof Error ? error.message : 'bad Stripe signature');
      }
      return normalise(event);
    },
    reply(accepted) {
      return Response.json({ received: accepted }, { status: accepted ? 200 : 400 });
    },
  };
}
