// Kick-off times and match days as a reader sees them. Pages are cached for every visitor alike, so
// times are shown in one zone per language, named beside them: China Standard Time for zh-CN
// readers, UTC otherwise. Shared by the server pages and the live island.
import type { Locale } from '@/lib/i18n/locales';

export function displayTimeZone(locale: Locale): string {
  return locale === 'zh-CN' ? 'Asia/Shanghai' : 'UTC';
}

/** "UTC" or "北京时间": shown once per page near the times. */
export function timeZoneLabel(locale: Locale): string {
  return locale === 'zh-CN' ? '北京时间' : 'UTC';
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone: options.timeZone ?? displayTimeZone(locale) });
    formatters.set(key, found);
  }
  return found;
}

/** "18:00" */
export function formatKickoffTime(iso: string, locale: Locale): string {
  return formatter(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

/** "Tue, 29 Nov 2022, 18:00" / "2022年11月29日周二 18:00" */
export function formatKickoff(iso: string, locale: Locale): string {
  return formatter(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );
}

/** "Tue 29 Nov" / "11月29日周二" */
export function formatShortDate(iso: string, locale: Locale): string {
  return formatter(locale, { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** "29 Nov 2022" */
export function formatDate(iso: string, locale: Locale): string {
  return formatter(locale, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso));
}

/** The calendar day ('YYYY-MM-DD') of an instant in the reader's zone. */
export function dayOf(instant: Date, locale: Locale): string {
  return formatter(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: displayTimeZone(locale) })
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

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
