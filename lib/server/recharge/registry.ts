import 'server-only';
// Which payment providers exist on this server (their settings are present) and which a brand offers: the
// brand's list (config/brands.json `payments.providers`), in its order, less the ones this server cannot run.
import type { Brand } from '@/lib/brand/registry';
import { getEnv, type Env } from '@/lib/env';
import type { PaymentProvider } from '@/lib/validation/recharge-constants';
import type { PaymentProviderAdapter } from './provider';
import { createAlipayProvider } from './providers/alipay';
import { createSandboxProvider } from './providers/sandbox';
import { createStripeProvider } from './providers/stripe';

function buildProvider(name: PaymentProvider, env: Env): PaymentProviderAdapter | undefined {
  switch (name) {
    case 'sandbox':
      return env.PAYMENT_SANDBOX ? createSandboxProvider() : undefined;
    case 'stripe':
      return env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? createStripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL })
        : undefined;
    case 'alipay':
      return env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY
        ? createAlipayProvider({ appId: env.ALIPAY_APP_ID, privateKey: env.ALIPAY_PRIVATE_KEY, alipayPublicKey: env.ALIPAY_PUBLIC_KEY, gateway: env.ALIPAY_GATEWAY })
        : undefined;
  }
}

const built = new Map<PaymentProvider, PaymentProviderAdapter | undefined>();

/** The provider if this server has its settings; undefined otherwise (its checkout and notify endpoint are closed). */
export function configuredProvider(name: PaymentProvider): PaymentProviderAdapter | undefined {
  if (!built.has(name)) built.set(name, buildProvider(name, getEnv()));
  return built.get(name);
}

/** The providers a brand's recharge page offers, in the brand's order. */
export function offeredProviders(brand: Brand): PaymentProvider[] {
  return brand.payments.providers.filter((name) => configuredProvider(name) !== undefined);
}
