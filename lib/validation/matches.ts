import { z } from 'zod';

// Spec §7: sport_id is a live category id (2 is football); comp is what getSportMatchComp listed.
const sportId = z.coerce
  .number({ error: 'matches.validation.sportId' })
  .int('matches.validation.sportId')
  .positive('matches.validation.sportId')
  .max(1_000_000, 'matches.validation.sportId');

/** POST /api/match/getSportMatchComp */
export const getSportMatchCompInput = z.object({ sport_id: sportId });

/** POST /api/match/getSportMatch */
export const getSportMatchInput = z.object({
  sport_id: sportId,
  comp: z.union([z.string().trim().min(1).max(100), z.number().int().positive()], { error: 'matches.validation.comp' }),
});
