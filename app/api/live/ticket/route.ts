import { defineHandler } from '@/lib/server/http/handler';
import { AppError } from '@/lib/server/http/errors';
import { requestSite } from '@/lib/server/media/urls';
import { spendTicketOnHd } from '@/lib/server/live/hd-ticket';
import { ticketInput } from '@/lib/validation/live';

/** Spec §7 live/ticket {uid, anchor_id}: one ticket for HD of the anchor's current live. */
export const POST = defineHandler({ auth: 'user', input: ticketInput }, ({ user, db, input, request }) => {
  if (input.uid !== 0 && input.uid !== user.id) throw new AppError('live.errors.notYourAccount');
  return spendTicketOnHd(db, { id: user.id, sessionId: user.sessionId }, input.anchor_id, requestSite(request));
});
