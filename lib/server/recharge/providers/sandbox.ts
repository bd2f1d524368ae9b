import 'server-only';
// The sandbox provider: our own hosted checkout (/pay/sandbox/<order>) that pays or fails on a click, then posts a
// signed callback to the notify endpoint the way a real provider does. The signature is HMAC-SHA256 over
// "<timestamp>.<body>" with a key derived from the server's session secret, checked within five minutes.
import crypto from 'node:crypto';
import { getSessionSecret } from '@/lib/server/session/secret';
import { sandboxCheckoutPath } from '@/lib/routes';
import { CallbackRejectedError, providerEventKinds, type CallbackRequest, type PaymentProviderAdapter, type ProviderEvent, type ProviderEventKind } from '../provider';

export const sandboxSignatureHeader = 'x-sandbox-signature';
const toleranceSeconds = 300;

/** The sandbox's callback body, as its "provider" sends it. */
export type SandboxCallback = { id: string; type: ProviderEventKind; order_id: number; amount: number; currency: string; created: number };

let cachedKey: Buffer | undefined;
function sandboxKey(): Buffer {
  cachedKey ??= crypto.createHmac('sha256', getSessionSecret()).update('sportcast:payments:sandbox:v1').digest();
  return cachedKey;
}

function mac(timestamp: number, body: string): string {
  return crypto.createHmac('sha256', sandboxKey()).update(`${timestamp}.${body}`).digest('hex');
}

/** The signature header for a callback body, as the sandbox "provider" signs it. */
export function signSandboxCallback(body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${mac(timestamp, body)}`;
}

/** A new callback for an order: a fresh event id each time, as a provider gives each event its own. */
export function sandboxCallback(order: { id: number; priceMinor: number; currency: string }, type: ProviderEventKind): SandboxCallback {
  return { id: `evt_sbx_${crypto.randomBytes(12).toString('hex')}`, type, order_id: order.id, amount: order.priceMinor, currency: order.currency, created: Math.floor(Date.now() / 1000) };
}

function verifySignature(header: string | null, body: string): void {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isSafeInteger(timestamp) || !parts.v1) throw new CallbackRejectedError('no sandbox signature');
  if (Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) throw new CallbackRejectedError('sandbox signature too old');
  const expected = Buffer.from(mac(timestamp, body));
  const given = Buffer.from(parts.v1);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw new CallbackRejectedError('bad sandbox signature');
}

function parseCallback(body: string): SandboxCallback {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new CallbackRejectedError('sandbox callback is not JSON');
  }
  const value = parsed as Partial<SandboxCallback> | null;
  const valid =
    value !== null &&
    typeof value.id === 'string' &&
    value.id.length > 0 &&
    providerEventKinds.includes(value.type as ProviderEventKind) &&
    Number.isSafeInteger(value.order_id) &&
    Number.isSafeInteger(value.amount) &&
    typeof value.currency === 'string';
  if (!valid) throw new CallbackRejectedError('malformed sandbox callback');
  return value as SandboxCallback;
}

export function createSandboxProvider(): PaymentProviderAdapter {
  return {
    name: 'sandbox',
    async createCheckout(order) {
      return { redirectUrl: sandboxCheckoutPath(order.id), checkoutRef: `sbx_${crypto.randomBytes(12).toString('hex')}` };
    },
    async verifyCallback({ rawBody, headers }: CallbackRequest): Promise<ProviderEvent> {
      verifySignature(headers.get(sandboxSignatureHeader), rawBody);
      const callback = parseCallback(rawBody);
      return {
        eventId: callback.id,
        orderId: callback.order_id,
        kind: callback.type,
        amountMinor: callback.amount,
        currency: callback.currency.toUpperCase(),
        payload: { ...callback },
      };
    },
    reply(accepted) {
      return Response.json({ received: accepted }, { status: accepted ? 200 : 400 });
    },
  };
}
