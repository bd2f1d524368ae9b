'use client';
// zh-CN / en-US switch: stores the choice, then re-renders the page on the server in the new language.
import { useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { locales, type Locale } from '@/lib/i18n/locales';
import { rememberLocale } from './locale-choice';
import styles from './header.module.css';

export function LanguageSwitch({ locale }: { locale: Locale }) {
  const t = useTranslations('shell.language');
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  function choose(next: Locale) {
    if (next === locale) return;
    rememberLocale(next);
    startTransition(() => router.refresh());
  }

  return (
    <div role="group" aria-label={t('label')} className={styles.language} aria-busy={pending || undefined}>
      {locales.map((option) => (
        <button
          key={option}
          type="button"
          lang={option}
          className={styles.languageOption}
          aria-pressed={option === locale}
          title={t(`names.${option}`)}
          onClick={() => choose(option)}
        >
          {t(`short.${option}`)}
        </button>
      ))}
    </div>
  );
}
