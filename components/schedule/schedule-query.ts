// The schedule's address: /schedule?date=YYYY-MM-DD&sport=<id>&status=live|upcoming|finished. Values
// that do not parse are ignored (the page then shows its default), never an error.
import { matchStatuses, type MatchStatus } from '@/lib/validation/matches';
import { siteRoutes } from '@/lib/routes';

export type ScheduleQuery = { date?: string; sportId?: number; status?: MatchStatus };

type RawParams = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (typeof value === 'string' ? value : undefined);

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export function parseScheduleQuery(params: RawParams): ScheduleQuery {
  const date = single(params.date);
  const sport = single(params.sport);
  const status = single(params.status);
  return {
    date: date && isCalendarDay(date) ? date : undefined,
    sportId: sport && /^\d{1,6}$/.test(sport) && Number(sport) > 0 ? Number(sport) : undefined,
    status: status && (matchStatuses as readonly string[]).includes(status) ? (status as MatchStatus) : undefined,
  };
}

/** The address of the schedule with `changes` applied to `current` (undefined removes a filter). */
export function scheduleHref(current: ScheduleQuery, changes: Partial<ScheduleQuery>): string {
  const next = { ...current, ...changes };
  const params = new URLSearchParams();
  if (next.date) params.set('date', next.date);
  if (next.sportId !== undefined) params.set('sport', String(next.sportId));
  if (next.status) params.set('status', next.status);
  const query = params.toString();
  return query ? `${siteRoutes.schedule}?${query}` : siteRoutes.schedule;
}

/** The days shown in the strip: up to `each` match days before and after the chosen one, today always among them. */
export function visibleDays(days: string[], chosen: string, today: string, each = 5): { shown: string[]; earlier?: string; later?: string } {
  const all = [...new Set([...days, chosen, today])].sort();
  const at = all.indexOf(chosen);
  const start = Math.max(0, at - each);
  const end = Math.min(all.length, at + each + 1);
  return { shown: all.slice(start, end), earlier: start > 0 ? all[start - 1] : undefined, later: end < all.length ? all[end] : undefined };
}

/** Today when it has matches, else the next match day, else the last one. */
export function defaultDay(days: string[], today: string): string {
  if (days.includes(today)) return today;
  return days.find((day) => day > today) ?? days.at(-1) ?? today;
}
