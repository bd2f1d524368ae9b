import { defineHandler } from '@/lib/server/http/handler';
import { listAnchorQuizzes } from '@/lib/server/quizzes/views';
import { quizPageInput } from '@/lib/validation/quizzes';

/** /api/guess/manage {page, size}: guessing management, the anchor's quizzes with their pools. */
const handler = defineHandler({ auth: 'anchor', input: quizPageInput, methods: ['GET', 'POST'] }, ({ db, input, user }) =>
  listAnchorQuizzes(db, user.id, input.page, input.size),
);

export const GET = handler;
export const POST = handler;
