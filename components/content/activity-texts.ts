import 'server-only';
// The activity pages' texts for the card and period helpers.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import type { ActivityTexts } from './activity-card';

export async function activityTexts(locale: Locale): Promise<ActivityTexts> {
  const t = await getTranslations({ locale, namespace: 'articles.activity' });
  return {
    running: t('running'),
    ended: t('ended'),
    period: (start, end) => t('period', { start, end }),
    from: (start) => t('from', { start }),
  };
}
