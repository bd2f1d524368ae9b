import 'server-only';
// The viewer's zone on a page rendered per request: the one the browser put in the `tz` cookie
// (components/shell/client-startup.tsx), else the language's default.
import { cookies } from 'next/headers';
import { defaultTimeZone, timeZoneCookie, validTimeZone } from '@/lib/format/time-zone';
import type { Locale } from '@/lib/i18n/locales';

export async function viewerTimeZone(locale: Locale): Promise<string> {
  return validTimeZone((await cookies()).get(timeZoneCookie)?.value) ?? defaultTimeZone(locale);
}
