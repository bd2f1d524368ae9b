// The live and replay lists' addresses: <path>?category=<id>&child=<id>&page=<n>. Values that do not parse fall
// back to the defaults (all categories, first page): category 0 is the spec's "all live".
export const livePageSize = 24;
export const replayPageSize = 24;

export type ListQuery = { category: number; child: number; page: number };

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

function positive(value: string | undefined, max: number): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= 1 && number <= max ? number : undefined;
}

export function parseListQuery(params: Record<string, string | string[] | undefined>): ListQuery {
  const category = positive(single(params.category), 999_999_999) ?? 0;
  return {
    category,
    // A secondary category only means something under its category.
    child: category ? (positive(single(params.child), 999_999_999) ?? 0) : 0,
    page: positive(single(params.page), 10_000) ?? 1,
  };
}

export function listHref(path: string, query: Partial<ListQuery>): string {
  const params = new URLSearchParams();
  if (query.category) params.set('category', String(query.category));
  if (query.category && query.child) params.set('child', String(query.child));
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}
