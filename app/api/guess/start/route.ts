import { defineHandler } from '@/lib/server/http/handler';
import { startQuiz } from '@/lib/server/quizzes/lifecycle';
import { guessIdInput } from '@/lib/validation/quizzes';

/** POST /api/guess/start {guess_id}: opens the quiz for bets at once; it can no longer be edited or cancelled by the anchor. */
export const POST = defineHandler({ auth: 'anchor', input: guessIdInput }, ({ db, input, user }) => startQuiz(db, user, input.guess_id));
