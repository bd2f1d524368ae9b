import { z } from 'zod';
import { matchStatuses } from './matches';

/** GET /api/match/live/{id}: the match whose live updates to follow (its page's id). */
export const matchLiveInput = z.object({
  id: z.coerce.number({ error: 'matchCentre.validation.matchId' }).int('matchCentre.validation.matchId').positive('matchCentre.validation.matchId').max(2_147_483_647, 'matchCentre.validation.matchId'),
});

/** At most this many matches per list stream: home shows 14, a page of the live list 20. */
const maxFollowedMatches = 50;

/** Match ids as a page names them: "1,2,3" (none is fine). */
const matchIdList = z
  .string({ error: 'matchCentre.validation.matchIds' })
  .regex(new RegExp(`^(?:[1-9]\\d{0,8}(?:,[1-9]\\d{0,8}){0,${maxFollowedMatches - 1}})?$`), 'matchCentre.validation.matchIds')
  .default('')
  .transform((value) => [...new Set(value ? value.split(',').map(Number) : [])]);

/** GET /api/live/updates?ids=1,2,3: the matches whose scores a list page shows. */
export const listLiveInput = z.object({ ids: matchIdList });

/** GET|POST /api/match/getScores?ids=1,2,3: the scores a spoiler-free page shows for the matches the visitor revealed. */
export const matchScoresInput = z.object({ ids: matchIdList });

const scorePair = z.object({ home: z.number(), away: z.number() });
const matchScoreSchema = z.object({
  match_id: z.number(),
  status: z.enum(matchStatuses),
  score: scorePair.nullable(),
  penalties: scorePair.nullable(),
});
export type MatchScore = z.infer<typeof matchScoreSchema>;
export const matchScoresReply = z.object({ scores: z.array(matchScoreSchema) });
export type MatchScoresReply = z.infer<typeof matchScoresReply>;
