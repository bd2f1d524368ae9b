import 'server-only';
// The Book buttons' words in the page's language, read once on the server for every button of the page.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import type { BookLabels } from './book-button';

export async function bookLabels(locale: Locale): Promise<BookLabels> {
  const t = await getTranslations({ locale, namespace: 'bookings.button' });
  const tp = await getTranslations({ locale, namespace: 'bookings.page' });
  return { book: t('book'), booked: t('booked'), bookLabel: t('bookLabel', { title: '{title}' }), bookedToast: t('bookedToast'), droppedToast: t('droppedToast'), failed: tp('loadFailed') };
}
