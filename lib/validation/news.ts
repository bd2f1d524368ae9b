import { z } from 'zod';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** /api/news/getNewsList: a page of published articles, optionally by tag, team or match. */
export const getNewsListInput = z.object({
  page: z.coerce.number({ error: 'news.validation.page' }).int('news.validation.page').min(1, 'news.validation.page').max(10_000, 'news.validation.page').default(1),
  size: z.coerce.number({ error: 'news.validation.size' }).int('news.validation.size').min(1, 'news.validation.size').max(50, 'news.validation.size').default(20),
  tag: z.string().regex(/^[a-z0-9-]{1,40}$/, 'news.validation.tag').optional(),
  team_id: id('news.validation.teamId').optional(),
  match_id: id('news.validation.matchId').optional(),
});
