import { defineHandler } from '@/lib/server/http/handler';
import { createQuiz } from '@/lib/server/quizzes/lifecycle';
import { quizCreateInput } from '@/lib/validation/quizzes';

/** POST /api/guess/create {question, option_a, option_b, min_bet, close_time | match_id + market (+ line_tenths)}: a quiz on the anchor's open live, not started. */
export const POST = defineHandler({ auth: 'anchor', input: quizCreateInput }, ({ db, input, user }) => createQuiz(db, user.id, input));
