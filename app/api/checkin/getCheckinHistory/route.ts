import { defineHandler } from '@/lib/server/http/handler';
import { readCheckinHistory } from '@/lib/server/checkin/views';
import { checkinHistoryInput } from '@/lib/validation/checkin';

/** /api/checkin/getCheckinHistory {page}: CheckinHistory with RewardDesc, 20 a page, and the total. */
const handler = defineHandler({ auth: 'user', input: checkinHistoryInput, methods: ['GET', 'POST'] }, ({ db, user, locale, input }) =>
  readCheckinHistory(db, user.id, locale, input.page),
);

export const GET = handler;
export const POST = handler;
