// Dates and times as a reader sees them, one format per language for the whole site, in the zone given
// (lib/format/time-zone.ts: the viewer's, or the language's default on pages rendered for everyone).
// Shared by the server pages, the islands and the user centre.
import { defaultTimeZone } from '@/lib/format/time-zone';
import type { Locale } from '@/lib/i18n/locales';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, options: Intl.DateTimeFormatOptions, zone: string = defaultTimeZone(locale)): Intl.DateTimeFormat {
  options = { ...options, timeZone: options.timeZone ?? zone };
  const key = `${locale}:${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, found);
  }
  return found;
}

/** The site's one date-and-time format: kick-offs, histories, anchor tools, periods. */
const dateTimeOptions: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/** "18:00" */
export function formatKickoffTime(iso: string, locale: Locale, zone?: string): string {
  return formatter(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }, zone).format(new Date(iso));
}

/** "Tue, 29 Nov 2022, 18:00" / "2022年11月29日周二 18:00" */
export function formatKickoff(iso: string, locale: Locale, zone?: string): string {
  return formatter(locale, dateTimeOptions, zone).format(new Date(iso));
}

/** "Tue 29 Nov" / "11月29日周二" */
export function formatShortDate(iso: string, locale: Locale, zone?: string): string {
  return formatter(locale, { weekday: 'short', day: 'numeric', month: 'short' }, zone).format(new Date(iso));
}

/** "29 Nov 2022" */
export function formatDate(iso: string, locale: Locale, zone?: string): string {
  return formatter(locale, { day: 'numeric', month: 'short', year: 'numeric' }, zone).format(new Date(iso));
}

/** A Unix-seconds moment (the API's unit) as the ISO string these formatters take. */
export function isoFromUnix(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toISOString();
}

/** "Tue, 29 Nov 2022, 18:00 – 20:00": a period, in the kick-off format. */
export function formatPeriod(fromIso: string, toIso: string, locale: Locale, zone?: string): string {
  return formatter(locale, dateTimeOptions, zone).formatRange(new Date(fromIso), new Date(toIso));
}

/** The calendar day ('YYYY-MM-DD') of an instant in the reader's zone. */
export function dayOf(instant: Date, locale: Locale, zone?: string): string {
  return formatter(locale, { year: 'numeric', month: '2-digit', day: '2-digit' }, zone)
    .formatToParts(instant)
    .filter((part) => part.type !== 'literal')
    .sort((a, b) => ['year', 'month', 'day'].indexOf(a.type) - ['year', 'month', 'day'].indexOf(b.type))
    .map((part) => part.value)
    .join('-');
}

/** A 'YYYY-MM-DD' day as a label: { weekday: "Tue", date: "29 Nov" }. */
export function dayLabel(day: string, locale: Locale): { weekday: string; date: string; full: string } {
  // Noon UTC of that day is the same calendar day in every zone we display.
  const noon = new Date(`${day}T12:00:00Z`);
  const inUtc = (options: Intl.DateTimeFormatOptions) => formatter(locale, { ...options, timeZone: 'UTC' }).format(noon);
  return {
    weekday: inUtc({ weekday: 'short' }),
    date: inUtc({ day: 'numeric', month: 'short' }),
    full: inUtc({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }),
  };
}
