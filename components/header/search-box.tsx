'use client';
// Header search: opens /keysearch for a keyword within the limit (lib/search-keyword.ts). The limit shows below
// the field while the keyword is over it, and stays until it is fixed; the field keeps what was typed.
import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SearchIcon } from '@/components/shell/icons';
import { searchResultsPath, siteRoutes } from '@/lib/routes';
import { checkSearchKeyword, searchKeywordLimits, type KeywordCheck } from '@/lib/search-keyword';
import styles from './header.module.css';

export function SearchBox() {
  const t = useTranslations('shell.search');
  const router = useRouter();
  const inputId = useId();
  const hintId = useId();
  const [problem, setProblem] = useState<Exclude<KeywordCheck, { ok: true }> | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('keyword');
    const check = checkSearchKeyword(field instanceof HTMLInputElement ? field.value : '');
    if (!check.ok) {
      setProblem(check);
      return;
    }
    setProblem(null);
    router.push(searchResultsPath(check.keyword));
  }

  function edit(value: string) {
    // Told as soon as the keyword goes over; an empty field is only an error once submitted.
    const check = checkSearchKeyword(value);
    setProblem(!check.ok && check.reason === 'tooLong' ? check : null);
  }

  return (
    // action/method keep the search working before the script has loaded.
    <form role="search" action={siteRoutes.keysearch} method="get" className={styles.search} onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        {t('label')}
      </label>
      <input
        id={inputId}
        name="keyword"
        type="search"
        className={styles.searchInput}
        placeholder={t('placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={searchKeywordLimits.latin}
        aria-invalid={problem ? true : undefined}
        aria-describedby={hintId}
        onChange={(event) => edit(event.currentTarget.value)}
      />
      <button type="submit" className={styles.searchButton} aria-label={t('submit')}>
        <SearchIcon size={18} />
      </button>
      <p id={hintId} className={styles.searchHint} role="status" hidden={!problem}>
        {problem ? (problem.reason === 'empty' ? t('empty') : t('tooLong', { max: problem.max })) : null}
      </p>
    </form>
  );
}
