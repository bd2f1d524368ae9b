import { defineHandler } from '@/lib/server/http/handler';
import { drawAndSettle } from '@/lib/server/quizzes/lifecycle';
import { quizDrawInput } from '@/lib/validation/quizzes';

/** POST /api/guess/draw {guess_id, winner}: after the close time, names the winning option and pays the winners. */
export const POST = defineHandler({ auth: 'anchor', input: quizDrawInput }, ({ db, input, user }) => drawAndSettle(db, user, input.guess_id, input.winner));
