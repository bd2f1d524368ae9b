import { defineHandler } from '@/lib/server/http/handler';
import { ticketHistory } from '@/lib/server/tickets/ledger';
import { pageInput } from '@/lib/validation/live';

/** /user-center/voucher: the caller's tickets, granted and spent. */
const ticketHistoryHandler = defineHandler({ auth: 'user', input: pageInput, methods: ['GET', 'POST'] }, ({ user, db, input }) =>
  ticketHistory(db, user.id, input.page, input.size),
);

export { ticketHistoryHandler as GET, ticketHistoryHandler as POST };
