// What the phone field shows while typing (spec §5): digits only, grouped 3-4-4.
// In zh-CN a number is 11 digits, so at most 13 characters are shown. Elsewhere the number carries its country
// code and E.164 allows up to 15 digits; the grouping goes on in fours (3-4-4-4).
import type { Locale } from '@/lib/i18n/locales';

function phoneDigitLimit(locale: Locale): number {
  return locale === 'zh-CN' ? 11 : 15;
}

export function formatPhoneInput(raw: string, locale: Locale): string {
  const digits = raw.replace(/\D/g, '').slice(0, phoneDigitLimit(locale));
  const groups = [digits.slice(0, 3)];
  for (let start = 3; start < digits.length; start += 4) groups.push(digits.slice(start, start + 4));
  return groups.filter(Boolean).join(' ');
}

/** The code field keeps digits only, up to the code's length. */
export function digitsOnly(raw: string, max: number): string {
  return raw.replace(/\D/g, '').slice(0, max);
}

/** Spec §3 registration payload: the anchor of the live room being watched (/liveMatchesTwo/{id}), else 0. */
export function anchorIdFromPath(pathname: string): number {
  const match = /^\/liveMatchesTwo\/(\d{1,15})(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : 0;
}
