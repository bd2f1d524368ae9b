// Dates and times as the user reads them, in the UI's locale.
import type { Locale } from '@/lib/i18n/locales';

/** A period given in seconds since the epoch (the API's unit), e.g. "12 Mar 2026, 02:00 – 04:00". */
export function formatPeriod(startSeconds: number, endSeconds: number, locale: Locale, timeZone?: string): string {
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  return format.formatRange(new Date(startSeconds * 1000), new Date(endSeconds * 1000));
}
