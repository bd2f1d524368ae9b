import 'server-only';
// After a session ends or an account's role changes, every gateway re-checks that account's open sockets at once
// (lib/realtime/hub.ts): a logged-out, reset or demoted user keeps no working socket. Call it after the change is
// committed, or the gateways would read the old state.
import { getBus, userChannel } from '@/lib/realtime/bus';
import { identityNotice } from '@/lib/realtime/hub';
import { log } from '@/lib/server/log';

export async function announceIdentityChange(userId: number): Promise<void> {
  // Without the bus the gateways' periodic re-check (once a minute) still catches it.
  await getBus()
    .publish(userChannel(userId), identityNotice)
    .catch((error: unknown) => log.warn('identity change not announced', { userId, error: error instanceof Error ? error.message : String(error) }));
}
