// The guess list's address: /guessList?settled=1&page=<n>. Values that do not parse fall back to the defaults.
import { siteRoutes } from '@/lib/routes';

export type GuessListQuery = { settled: boolean; page: number };

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

export function parseGuessListQuery(params: Record<string, string | string[] | undefined>): GuessListQuery {
  const page = single(params.page);
  return { settled: single(params.settled) === '1', page: page && /^\d{1,4}$/.test(page) && Number(page) >= 1 ? Number(page) : 1 };
}

export function guessListHref(query: GuessListQuery): string {
  const params = new URLSearchParams();
  if (query.settled) params.set('settled', '1');
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `${siteRoutes.guessList}?${search}` : siteRoutes.guessList;
}
