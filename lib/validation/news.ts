// News (spec §2.2 /news, /news_detail/{id}): the list call's input, and the articles as the list call answers them
// and the news pages render them.
import { z } from 'zod';
import { locales } from '@/lib/i18n/locales';
import { contentBlockSchema } from './content';
import { teamRefSchema } from './matches';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** /api/news/getNewsList: a page of published articles, optionally by tag, team or match. */
export const getNewsListInput = z.object({
  page: z.coerce.number({ error: 'news.validation.page' }).int('news.validation.page').min(1, 'news.validation.page').max(10_000, 'news.validation.page').default(1),
  size: z.coerce.number({ error: 'news.validation.size' }).int('news.validation.size').min(1, 'news.validation.size').max(50, 'news.validation.size').default(20),
  tag: z.string().regex(/^[a-z0-9-]{1,40}$/, 'news.validation.tag').optional(),
  team_id: id('news.validation.teamId').optional(),
  match_id: id('news.validation.matchId').optional(),
});

export const newsKinds = ['report', 'news', 'preview'] as const;
export type NewsKind = (typeof newsKinds)[number];

export const newsSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  kind: z.enum(newsKinds),
  /** The article page, spec §2.2 /news_detail/{id}. */
  path: z.string(),
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string(),
  tags: z.array(z.object({ key: z.string(), label: z.string() })),
  matchId: z.number().nullable(),
  publishedAt: z.string(),
  updatedAt: z.string(),
  /** Set on a spoiler-free page (lib/spoilers.ts): a match report shown by its match only. */
  spoilerHidden: z.literal(true).optional(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

/** /api/news/getNewsList: a page of published articles, newest first. */
export const newsListReply = z.object({ list: z.array(newsSummarySchema), total: z.number(), page: z.number(), size: z.number() });
export type NewsList = z.infer<typeof newsListReply>;

export const newsDetailSchema = newsSummarySchema.extend({
  body: z.array(contentBlockSchema),
  /** Languages the article exists in, for hreflang alternates. */
  locales: z.array(z.enum(locales)),
  teams: z.array(teamRefSchema),
  /** Other articles about the same teams. */
  related: z.array(newsSummarySchema),
});
export type NewsDetail = z.infer<typeof newsDetailSchema>;

