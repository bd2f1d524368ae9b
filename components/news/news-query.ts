// The news list's address: /news?tag=<topic>&page=<n>. Values that do not parse fall back to the defaults.
import { siteRoutes } from '@/lib/routes';
export const newsTopics = ['world-cup-2022', 'premier-league-2024-25', 'match-report'] as const;
export const newsPageSize = 12;

export type NewsQuery = { tag?: string; page: number };

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export function parseNewsQuery(params: Record<string, string | string[] | undefined>): NewsQuery {
  const tag = single(params.tag);
  const page = single(params.page);
  return {
    tag: tag && /^[a-z0-9-]{1,40}$/.test(tag) ? tag : undefined,
    page: page && /^\d{1,4}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

export function newsHref(query: Partial<NewsQuery>): string {
  const params = new URLSearchParams();
  if (query.tag) params.set('tag', query.tag);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `${siteRoutes.news}?${search}` : siteRoutes.news;
}
