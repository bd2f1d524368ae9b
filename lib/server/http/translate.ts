// Server-side translation for API messages, in the request's language.
import { createTranslator } from 'next-intl';
import { getMessages } from '@/messages/load';
import type { Locale } from '@/lib/i18n/locales';

export function serverTranslator(locale: Locale) {
  const t = createTranslator({ locale, messages: getMessages(locale) });
  // Keys arrive as data (error codes, schema messages), so they are looked up dynamically.
  return (key: string, params?: Record<string, string | number>): string =>
    t.has(key as never) ? t(key as never, params as never) : key;
}
export type ServerTranslate = ReturnType<typeof serverTranslator>;
