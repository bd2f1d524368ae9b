'use client';
// Times in the viewer's own zone (lib/format/time-zone.ts). The server renders `zone` (the `tz` cookie's, or the
// language's default on pages rendered for everyone); after hydration the browser's zone takes over, in the
// same format, so only the digits can change.
import { useMemo, useSyncExternalStore } from 'react';
import { useLocale } from 'next-intl';
import { formatDate, formatKickoff, formatKickoffTime, formatPeriod, formatShortDate, isoFromUnix } from '@/lib/format/date-time';
import { defaultTimeZone, deviceTimeZone, timeZoneName } from '@/lib/format/time-zone';
import { fallbackLocale, isLocale, type Locale } from '@/lib/i18n/locales';

const noChanges = () => () => undefined;

/** The device's zone, read once per page: each read builds two Intl formatters, and every time shown asks on each render. */
let deviceZone: string | null | undefined;
function pageDeviceZone(): string | null {
  if (deviceZone === undefined) deviceZone = deviceTimeZone() ?? null;
  return deviceZone;
}

/** The zone to show times in: the device's in the browser, `serverZone` (or the language's default) while rendering on the server. */
function useTimeZone(locale: Locale, serverZone?: string): string {
  const fallback = serverZone ?? defaultTimeZone(locale);
  return useSyncExternalStore(noChanges, () => pageDeviceZone() ?? fallback, () => fallback);
}

const formats = { time: formatKickoffTime, kickoff: formatKickoff, shortDate: formatShortDate, date: formatDate } as const;

export type LocalTimeFormat = keyof typeof formats;

export function LocalTime({ iso, locale, format, zone, className }: { iso: string; locale: Locale; format: LocalTimeFormat; zone?: string; className?: string }) {
  const shown = useTimeZone(locale, zone);
  return (
    <time className={className} dateTime={iso}>
      {formats[format](iso, locale, shown)}
    </time>
  );
}

/** The zone's name as shown beside times: "UTC", "北京时间", "GMT+1". */
export function TimeZoneName({ locale, zone }: { locale: Locale; zone?: string }) {
  return <>{timeZoneName(locale, useTimeZone(locale, zone))}</>;
}

/** A moment as the API gives it (Unix seconds), as JavaScript does (ms, Date) or as ISO text. */
export type Moment = string | Date | { unixSeconds: number };

const isoOf = (at: Moment) => (typeof at === 'string' ? at : at instanceof Date ? at.toISOString() : isoFromUnix(at.unixSeconds));

/** The site's date and time formats in the UI's language and the viewer's zone, for client components. */
export function useDateFormat() {
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : fallbackLocale;
  const zone = useTimeZone(locale);
  return useMemo(
    () => ({
      locale,
      zone,
      /** "Tue, 29 Nov 2022, 18:00" */
      dateTime: (at: Moment) => formatKickoff(isoOf(at), locale, zone),
      /** "18:00" */
      time: (at: Moment) => formatKickoffTime(isoOf(at), locale, zone),
      /** "29 Nov 2022" */
      date: (at: Moment) => formatDate(isoOf(at), locale, zone),
      period: (from: Moment, to: Moment) => formatPeriod(isoOf(from), isoOf(to), locale, zone),
    }),
    [locale, zone],
  );
}
