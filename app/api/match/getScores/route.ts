import { defineHandler } from '@/lib/server/http/handler';
import { getMatchScores } from '@/lib/server/matches/queries';
import { matchScoresInput, type MatchScoresReply } from '@/lib/validation/match-live';

// The scores a spoiler-free page leaves out, for the matches its visitor revealed (lib/spoilers.ts).
const getScoresHandler = defineHandler(
  { auth: 'none', input: matchScoresInput, methods: ['GET', 'POST'] },
  async ({ db, input }) => ({ scores: await getMatchScores(db, input.ids) }) satisfies MatchScoresReply,
);

export { getScoresHandler as GET, getScoresHandler as POST };
