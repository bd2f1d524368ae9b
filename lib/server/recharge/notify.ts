import 'server-only';
// The notify endpoints (POST /api/recharge/notify/<provider>): the raw body goes to the provider's own signature
// check, a verified event is applied once, and the provider gets the reply it expects. A callback that fails
// verification changes nothing and is answered as refused, so a real provider retries and an attacker learns nothing.
import type { Db } from '@/lib/db';
import { readCapped } from '@/lib/server/http/read-input';
import { log } from '@/lib/server/log';
import type { PaymentProvider } from '@/lib/validation/recharge-constants';
import { applyProviderEvent, type AppliedEvent } from './events';
import { CallbackRejectedError } from './provider';
import { configuredProvider } from './registry';

/** Provider callbacks are small; a larger body is not one. */
const maxCallbackBytes = 256 * 1024;

export type NotifyResult = { response: Response; applied?: AppliedEvent };

export async function handleNotify(db: Db, name: PaymentProvider, request: Request): Promise<NotifyResult> {
  const provider = configuredProvider(name);
  if (!provider) return { response: new Response('not found', { status: 404 }) };
  let rawBody: string;
  try {
    rawBody = (await readCapped(request, maxCallbackBytes)).toString('utf8');
  } catch {
    return { response: provider.reply(false) };
  }
  try {
    const event = await provider.verifyCallback({ rawBody, headers: request.headers });
    if (!event) return { response: provider.reply(true) };
    const applied = await applyProviderEvent(db, name, event);
    return { response: provider.reply(true), applied };
  } catch (error) {
    if (error instanceof CallbackRejectedError) {
      log.warn('recharge callback rejected', { provider: name, reason: error.message });
      return { response: provider.reply(false) };
    }
    // Not acknowledged: the provider delivers it again later.
    log.error('recharge callback failed', { provider: name, error: error instanceof Error ? error.stack : String(error) });
    return { response: provider.reply(false) };
  }
}
