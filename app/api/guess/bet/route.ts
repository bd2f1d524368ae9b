import { defineHandler } from '@/lib/server/http/handler';
import { placeBet } from '@/lib/server/quizzes/bet';
import { quizBetInput } from '@/lib/validation/quizzes';

/** POST /api/guess/bet {guess_id, option, amount, idempotency_key} → {bal, bet_id}. */
export const POST = defineHandler({ auth: 'user', input: quizBetInput }, ({ db, input, user }) =>
  placeBet(db, { userId: user.id, quizId: input.guess_id, option: input.option, amount: input.amount, idempotencyKey: input.idempotency_key }),
);
