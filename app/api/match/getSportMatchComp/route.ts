import { defineHandler } from '@/lib/server/http/handler';
import { listSportCompetitions } from '@/lib/server/matches/sport-matches';
import { getSportMatchCompInput, type GetSportMatchCompReply } from '@/lib/validation/matches';

const getSportMatchCompHandler = defineHandler(
  { auth: 'none', input: getSportMatchCompInput, methods: ['GET', 'POST'] },
  async ({ db, input, locale }) => ({ sport_live_match_comp: await listSportCompetitions(db, input.sport_id, locale) }) satisfies GetSportMatchCompReply,
);

export { getSportMatchCompHandler as GET, getSportMatchCompHandler as POST };
