'use client';
// Turns a message key of the shared schemas (e.g. "live.validation.titleRequired") into the user's language.
import { useCallback } from 'react';
import { useTranslations } from 'next-intl';

export function useKeyText(): (key: string) => string {
  const t = useTranslations();
  return useCallback((key: string) => (t.has(key) ? t(key) : t('account.errors.invalidInput')), [t]);
}
