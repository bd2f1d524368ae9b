// The anchor centre's figures (docs/anchor-stats.md): the input and reply of POST /api/anchor/stats.
import { z } from 'zod';

export const anchorStatsDayChoices = [7, 14, 30] as const;

export const anchorStatsInput = z.object({
  days: z.coerce
    .number('anchor.stats.errors.days')
    .int('anchor.stats.errors.days')
    .refine((value) => (anchorStatsDayChoices as readonly number[]).includes(value), 'anchor.stats.errors.days')
    .default(14),
});

const anchorStatsDay = z.object({
  /** UTC, YYYY-MM-DD. */
  day: z.string(),
  /** The anchor's share of gifts, hundredths. */
  gift_diamond: z.number(),
  gift_gold: z.number(),
  gifts: z.number(),
  tickets: z.number(),
  /** Gold staked on the anchor's quizzes, hundredths. */
  quiz_stakes: z.number(),
  new_followers: z.number(),
});
export type AnchorStatsDay = z.infer<typeof anchorStatsDay>;

export const anchorStatsReply = z.object({
  days: z.array(anchorStatsDay),
  /** When the rollup last changed a row (ms); 0 before the first. */
  updated_at: z.number(),
});
export type AnchorStatsReply = z.infer<typeof anchorStatsReply>;

/** How often the centre asks again: the rollup runs every few seconds. */
export const anchorStatsRefreshMs = 15_000;
