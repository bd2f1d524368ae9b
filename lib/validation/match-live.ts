import { z } from 'zod';

/** GET /api/match/live/{id}: the match whose live updates to follow (its page's id). */
export const matchLiveInput = z.object({
  id: z.coerce.number({ error: 'matchCentre.validation.matchId' }).int('matchCentre.validation.matchId').positive('matchCentre.validation.matchId').max(2_147_483_647, 'matchCentre.validation.matchId'),
});

/** At most this many matches per list stream: home shows 14, a page of the live list 20. */
const maxFollowedMatches = 50;

/** GET /api/live/updates?ids=1,2,3: the matches whose scores a list page shows (none is fine). */
export const listLiveInput = z.object({
  ids: z
    .string()
    .regex(new RegExp(`^(?:[1-9]\\d{0,8}(?:,[1-9]\\d{0,8}){0,${maxFollowedMatches - 1}})?$`), 'matchCentre.validation.matchIds')
    .default('')
    .transform((value) => [...new Set(value ? value.split(',').map(Number) : [])]),
});
