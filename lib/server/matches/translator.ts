// One server translator per locale, reused: match lists translate several labels per row.
import type { Locale } from '@/lib/i18n/locales';
import { serverTranslator, type ServerTranslate } from '@/lib/server/http/translate';

const translators = new Map<Locale, ServerTranslate>();

export function translatorFor(locale: Locale): ServerTranslate {
  let t = translators.get(locale);
  if (!t) {
    t = serverTranslator(locale);
    translators.set(locale, t);
  }
  return t;
}
