// The locales the product speaks, and how the spec's `lang` header names them.
export const locales = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof locales)[number];
export const fallbackLocale: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Spec §7: the `lang` header is `zh_cn` for Chinese, else `en`. */
export function localeFromLangHeader(lang: string | null | undefined): Locale | undefined {
  if (!lang) return undefined;
  const normalised = lang.trim().toLowerCase().replace('_', '-');
  if (normalised.startsWith('zh')) return 'zh-CN';
  if (normalised.startsWith('en')) return 'en-US';
  return undefined;
}

export function langHeaderFor(locale: Locale): 'zh_cn' | 'en' {
  return locale === 'zh-CN' ? 'zh_cn' : 'en';
}

/** Text stored once per locale (database rows, brand names); reads fall back to en-US. */
export type LocalizedText = Partial<Record<Locale, string>> & { 'en-US': string };

/** English, and Chinese when given (an empty one falls back to English on reading). */
export function localizedText(en: string, zh: string | undefined): LocalizedText {
  return zh ? { 'en-US': en, 'zh-CN': zh } : { 'en-US': en };
}

export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text['en-US'];
}
