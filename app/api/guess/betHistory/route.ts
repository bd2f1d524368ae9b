import { defineHandler } from '@/lib/server/http/handler';
import { listBets } from '@/lib/server/quizzes/views';
import { quizPageInput } from '@/lib/validation/quizzes';

/** /api/guess/betHistory {page, size}: the caller's bets with result and payout. */
const handler = defineHandler({ auth: 'user', input: quizPageInput, methods: ['GET', 'POST'] }, ({ db, input, user }) => listBets(db, user.id, input.page, input.size));

export const GET = handler;
export const POST = handler;
