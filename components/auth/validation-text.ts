'use client';
// Turns the first issue of a shared schema (lib/validation/auth.ts) into the sentence the form shows.
// Those schemas carry message keys such as "validation.phoneInvalid", so form and server say the same words.
import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';

export function useValidationText(): (error: z.ZodError) => string {
  const t = useTranslations();
  return useCallback(
    (error: z.ZodError) => {
      const key = error.issues[0]?.message ?? '';
      return t.has(key) ? t(key) : t('account.errors.invalidInput');
    },
    [t],
  );
}
