import { defineHandler } from '@/lib/server/http/handler';
import { listRoomQuizzes } from '@/lib/server/quizzes/views';
import { quizRoomInput } from '@/lib/validation/quizzes';

/** /api/guess/room {anchor_id}: the open quizzes of the anchor's room, for its quiz panel. */
const handler = defineHandler({ auth: 'none', input: quizRoomInput, methods: ['GET', 'POST'] }, async ({ db, input }) => ({
  list: await listRoomQuizzes(db, input.anchor_id),
}));

export const GET = handler;
export const POST = handler;
