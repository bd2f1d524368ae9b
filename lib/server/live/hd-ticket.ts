import 'server-only';
// Spending a ticket on HD (spec §2.4 item 6, §4 ticket): POST /api/live/ticket, and the backpack it comes from.
import type { Db } from '@/lib/db';
import { readBackpack } from '@/lib/server/ledger/balances';
import { AppError } from '@/lib/server/http/errors';
import { playInfo } from '@/lib/server/live/rooms';
import { findOpenLive, isTicketed } from '@/lib/server/live-state/state';
import type { HdViewer } from '@/lib/server/media/signing';
import type { RequestSite } from '@/lib/server/media/types';
import type { Backpack, TicketReply } from '@/lib/validation/live';
import { spendTicketForLive } from '@/lib/server/tickets/ledger';

export async function spendTicketOnHd(db: Db, viewer: HdViewer, anchorId: number, site: RequestSite): Promise<TicketReply> {
  const viewerId = viewer.id;
  const live = await findOpenLive(db, anchorId);
  if (!live || live.status === 'waiting') throw new AppError('live.errors.notStarted');
  if (!isTicketed(live)) throw new AppError('live.errors.noHd');
  // The anchor watches their own HD without a ticket.
  const { spent, remaining } = viewerId === anchorId ? { spent: false, remaining: 0 } : await spendTicketForLive(db, viewerId, live.id);
  return { spent: spent ? 1 : 0, remaining, live_id: live.id, play: playInfo(live, site, { ...viewer, hd: true }) };
}

/** GET/POST /api/live/user_backpack (spec §3 backpack: items with type and quantity; 105 is the ticket). */
export async function getBackpack(db: Db, userId: number): Promise<Backpack> {
  return { user_backpack: await readBackpack(db, userId) };
}
