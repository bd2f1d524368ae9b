import { defineHandler } from '@/lib/server/http/handler';
import { listQuizzes } from '@/lib/server/quizzes/views';
import { quizListInput } from '@/lib/validation/quizzes';

/** /api/guess/list {anchor_id?, settled?, page, size}: the guess list, open quizzes or (settled 1) finished ones. */
const handler = defineHandler({ auth: 'none', input: quizListInput, methods: ['GET', 'POST'] }, ({ db, input }) =>
  listQuizzes(db, { anchorId: input.anchor_id, settled: input.settled === 1, page: input.page, size: input.size }),
);

export const GET = handler;
export const POST = handler;
