import { defineHandler } from '@/lib/server/http/handler';
import { listSportMatches } from '@/lib/server/matches/sport-matches';
import { getSportMatchInput, type GetSportMatchReply } from '@/lib/validation/matches';

const getSportMatchHandler = defineHandler(
  { auth: 'none', input: getSportMatchInput, methods: ['GET', 'POST'] },
  async ({ db, input, locale }) => ({ sport_live_match: await listSportMatches(db, input.sport_id, input.comp, locale) }) satisfies GetSportMatchReply,
);

export { getSportMatchHandler as GET, getSportMatchHandler as POST };
