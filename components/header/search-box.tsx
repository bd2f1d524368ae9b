'use client';
// Header search: refuses an empty or over-long keyword with a warning, else opens /keysearch.
import { useId, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SearchIcon } from '@/components/shell/icons';
import { useToast } from '@/stores/toast-store';
import { checkSearchKeyword, searchKeywordMaxLength, searchResultsHref } from './search-keyword';
import styles from './header.module.css';

export function SearchBox() {
  const t = useTranslations('shell.search');
  const showToast = useToast();
  const router = useRouter();
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('keyword');
    const check = checkSearchKeyword(field instanceof HTMLInputElement ? field.value : '');
    if (!check.ok) {
      showToast(check.reason === 'empty' ? t('empty') : t('tooLong', { max: searchKeywordMaxLength }), 'warning');
      return;
    }
    router.push(searchResultsHref(check.keyword));
  }

  return (
    // action/method keep the search working before the script has loaded.
    <form role="search" action="/keysearch" method="get" className={styles.search} onSubmit={submit}>
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
      />
      <button type="submit" className={styles.searchButton} aria-label={t('submit')}>
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
