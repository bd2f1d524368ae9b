// Remembers the visitor's language: localStorage for the browser (spec §3), the cookie for proxy.ts.
import type { Locale } from '@/lib/i18n/locales';
import { localeCookie } from '@/lib/i18n/locale-cookie';

const languageStorageKey = 'language';
const oneYearSeconds = 365 * 24 * 60 * 60;

export function rememberLocale(locale: Locale): void {
  localStorage.setItem(languageStorageKey, locale);
  document.cookie = `${localeCookie}=${locale}; path=/; max-age=${oneYearSeconds}; samesite=lax`;
}
