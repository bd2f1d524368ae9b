// The zone times are shown in: the viewer's own, on every page (docs/match-pages.md, "Times"). The browser knows
// it (Intl) and tells the server in the `tz` cookie, so pages rendered per request come in that zone; pages
// rendered once for everyone (ISR) come in the language's default zone and are corrected in the browser with
// the same format (components/shell/local-time.tsx), so only digits change and nothing moves.
import type { Locale } from '@/lib/i18n/locales';

export const timeZoneCookie = 'tz';

/** China Standard Time for Chinese readers, UTC otherwise: the zone of pages rendered for everyone. */
export function defaultTimeZone(locale: Locale): string {
  return locale === 'zh-CN' ? 'Asia/Shanghai' : 'UTC';
}

/** The zone if it is one Intl knows (an IANA name such as "Europe/London"), else undefined. */
export function validTimeZone(value: string | null | undefined): string | undefined {
  if (!value || value.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(value)) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The device's zone, in the browser. */
export function deviceTimeZone(): string | undefined {
  return validTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
}

/** The zone as named beside times: "北京时间" and "UTC" as readers know them, otherwise its offset ("GMT+1"). */
export function timeZoneName(locale: Locale, zone: string, at = new Date()): string {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  if (locale === 'zh-CN' && (zone === 'Asia/Shanghai' || zone === 'Asia/Chongqing' || zone === 'PRC')) return '北京时间';
  const part = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at).find((entry) => entry.type === 'timeZoneName');
  return part?.value ?? zone;
}
