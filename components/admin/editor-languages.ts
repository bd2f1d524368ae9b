// The console's editors (site pages, news) write each language side by side: the console's own language first, and
// each field named with its language's suffix (title_en, body_zh), as the save actions' schemas take them.
import { locales, type Locale } from '@/lib/i18n/locales';

export const fieldSuffix: Record<Locale, 'en' | 'zh'> = { 'en-US': 'en', 'zh-CN': 'zh' };

export function editorLanguages(consoleLocale: string): Locale[] {
  return [...locales].sort((a, b) => Number(b === consoleLocale) - Number(a === consoleLocale));
}
