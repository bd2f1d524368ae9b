import 'server-only';
// The feedback form's texts, looked up on the server: the form needs no message catalogue of its own.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { feedbackCategories, feedbackContentMax, feedbackContentMin } from '@/lib/validation/feedback';
import type { FeedbackFormTexts } from './feedback-form';

const validationKeys = ['category', 'contentRequired', 'contentTooShort', 'contentTooLong', 'contactInvalid'] as const;

export async function feedbackFormTexts(locale: Locale): Promise<FeedbackFormTexts> {
  const t = await getTranslations({ locale, namespace: 'articles.feedback' });
  const validation = await getTranslations({ locale, namespace: 'feedback.validation' });
  return {
    title: t('formTitle'),
    category: t('category'),
    categories: Object.fromEntries(feedbackCategories.map((category) => [category, t(`categories.${category}`)])) as FeedbackFormTexts['categories'],
    content: t('content'),
    contentHint: t('contentHint', { min: feedbackContentMin, max: feedbackContentMax }),
    contact: t('contact'),
    contactHint: t('contactHint'),
    submit: t('submit'),
    sending: t('sending'),
    sent: t('sent'),
    sentHint: t('sentHint'),
    another: t('another'),
    failed: t('failed'),
    // The count changes as the visitor types: formatted here with its placeholder kept, filled in by the form.
    charactersLeft: t('charactersLeft', { count: '{count}' }),
    errors: Object.fromEntries(validationKeys.map((key) => [`feedback.validation.${key}`, validation(key)])),
  };
}
