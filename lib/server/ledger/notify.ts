import 'server-only';
// After a movement commits, every session of the account sees its new balances (spec §3 balance update).
import { getBus, userChannel } from '@/lib/realtime/bus';
import type { BalanceMessage } from '@/lib/realtime/protocol';
import { log } from '@/lib/server/log';
import type { Wallet } from './balances';

/** Best effort: the balances are already committed; a lost notice is corrected by the next read. */
export async function announceBalance(userId: number, wallet: Wallet): Promise<void> {
  const message: BalanceMessage = { type: 'balance', bal: { diamond: wallet.diamond, gold: wallet.gold }, send_time: Date.now() };
  await getBus()
    .publish(userChannel(userId), JSON.stringify(message))
    .catch((error: unknown) => log.warn('balance notice not published', { userId, error: error instanceof Error ? error.message : String(error) }));
}
