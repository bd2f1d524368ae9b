import { defineHandler } from '@/lib/server/http/handler';
import { listDraws } from '@/lib/server/lottery/lottery';
import { lotteryHistoryInput } from '@/lib/validation/lottery';

/** The caller's draws, newest first, 20 a page. */
const handler = defineHandler({ auth: 'user', input: lotteryHistoryInput, methods: ['GET', 'POST'] }, ({ db, input, user, locale }) => listDraws(db, user.id, input.page, locale));

export const GET = handler;
export const POST = handler;
