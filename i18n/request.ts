// next-intl: the locale comes from the [locale] segment that proxy.ts chose (brand default or the user's choice).
import { getRequestConfig } from 'next-intl/server';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import { getMessages } from '@/messages/load';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = isLocale(requested) ? requested : fallbackLocale;
  return { locale, messages: getMessages(locale) };
});
