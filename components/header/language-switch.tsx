'use client';
// zh-CN / en-US switch: stores the choice, then re-renders the page on the server in the new language.
// 中 is drawn rather than typeset: on an English page it is the only Chinese character, and typesetting it
// made the browser find and load a Chinese font before the first paint (~140 ms of a cold layout on
// Lighthouse's phone; docs/match-pages.md, "Fonts"). Its name stays 中 for assistive technology.
import { useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ChineseGlyphIcon } from '@/components/shell/icons';
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
          aria-label={option === 'zh-CN' ? t(`short.${option}`) : undefined}
          onClick={() => choose(option)}
        >
          {option === 'zh-CN' ? <ChineseGlyphIcon size={15} strokeWidth={2.1} strokeLinecap="square" strokeLinejoin="miter" /> : t(`short.${option}`)}
        </button>
      ))}
    </div>
  );
}
