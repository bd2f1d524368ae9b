// Keyword search (/keysearch): what a keyword finds across rooms, teams, matches and news, as the page renders it.
// The keyword's own rule is lib/search-keyword.ts (the header's box and the server apply the same one).
import { z } from 'zod';
import { roomCardSchema } from './live';
import { matchSummarySchema, teamRefSchema } from './matches';
import { newsSummarySchema } from './news';

export const keywordResultsSchema = z.object({
  keyword: z.string(),
  refused: z.enum(['empty', 'tooLong']).nullable(),
  /** The limit the keyword went over, when refused as too long. */
  max: z.number().optional(),
  rooms: z.array(roomCardSchema),
  teams: z.array(teamRefSchema),
  matches: z.array(matchSummarySchema),
  news: z.array(newsSummarySchema),
});
export type KeywordResults = z.infer<typeof keywordResultsSchema>;
