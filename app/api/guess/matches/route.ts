import { defineHandler, noInput } from '@/lib/server/http/handler';
import { listLinkableMatches } from '@/lib/server/quizzes/linkable-matches';

/** /api/guess/matches: the matches the anchor's next quiz can follow (the creation dialog's picker). */
const handler = defineHandler({ auth: 'anchor', input: noInput, methods: ['GET', 'POST'] }, ({ db, user, locale }) =>
  listLinkableMatches(db, user.id, locale),
);

export const GET = handler;
export const POST = handler;
