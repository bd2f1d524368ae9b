import { defineHandler } from '@/lib/server/http/handler';
import { cancelQuiz } from '@/lib/server/quizzes/lifecycle';
import { guessIdInput } from '@/lib/validation/quizzes';

/** POST /api/guess/cancel {guess_id}: the anchor cancels a quiz not started; operators any (stakes refunded, or the draw reversed). */
export const POST = defineHandler({ auth: 'anchor', input: guessIdInput }, ({ db, input, user }) => cancelQuiz(db, user, input.guess_id));
