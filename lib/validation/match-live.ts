import { z } from 'zod';

/** GET /api/match/live/{id}: the match whose live updates to follow (its page's id). */
export const matchLiveInput = z.object({
  id: z.coerce.number({ error: 'matchCentre.validation.matchId' }).int('matchCentre.validation.matchId').positive('matchCentre.validation.matchId').max(2_147_483_647, 'matchCentre.validation.matchId'),
});
