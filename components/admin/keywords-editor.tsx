'use client';
// The brand's blocked chat words: one word or phrase per line, how many there are, and a line to try against the
// list as it stands in the editor (the same matcher the chat uses), before saving it for every room of the brand.
import { useMemo, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { findKeyword, keywordListMax, keywordMaxLength, parseKeywordList, type ChatKeywordList } from '@/lib/validation/chat-keywords';
import { ActionForm } from './action-form';
import { consoleTime } from './format';
import styles from './console.module.css';

export function KeywordsEditor({ list, brandName }: { list: ChatKeywordList; brandName: string }) {
  const t = useTranslations('admin.keywords');
  const locale = useLocale();
  const [text, setText] = useState(list.words.join('\n'));
  const [trial, setTrial] = useState('');
  const words = useMemo(() => parseKeywordList(text), [text]);
  const tooLong = words.filter((word) => Array.from(word).length > keywordMaxLength);
  const found = trial.trim() === '' ? undefined : findKeyword(trial, words);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        {t('lead', { brand: brandName })}
        {list.updatedAt ? ` ${t('updated', { time: consoleTime(list.updatedAt, locale) })}` : null}
      </p>
      <div className={styles.editorGrid}>
        <ActionForm endpoint="/api/admin/saveChatKeywords" submitLabel={t('save')} doneMessage={t('saved')}>
          <label className={styles.field}>
            <span className={styles.label}>{t('words')}</span>
            <textarea
              className={styles.textarea}
              name="words"
              value={text}
              rows={16}
              spellCheck={false}
              aria-describedby="keywords-hint keywords-count"
              onChange={(event) => setText(event.target.value)}
            />
          </label>
          <p id="keywords-hint" className={styles.muted}>
            {t('hint', { max: keywordMaxLength })}
          </p>
          <p id="keywords-count" className={tooLong.length > 0 || words.length > keywordListMax ? styles.error : styles.muted}>
            {t('count', { count: words.length, max: keywordListMax })}
            {tooLong.length > 0 ? ` ${t('tooLong', { words: tooLong.slice(0, 3).join(', '), max: keywordMaxLength })}` : null}
          </p>
        </ActionForm>
        <section className={styles.tryPanel} aria-labelledby="keywords-try">
          <h2 id="keywords-try" className={styles.panelTitle}>
            {t('tryHeading')}
          </h2>
          <label className={styles.field}>
            <span className={styles.label}>{t('tryLabel')}</span>
            <input className={styles.input} value={trial} maxLength={200} onChange={(event) => setTrial(event.target.value)} />
          </label>
          <p className={found === undefined ? styles.success : styles.error} role="status">
            {trial.trim() === '' ? '' : found === undefined ? t('tryPasses') : t('tryBlocked', { word: found })}
          </p>
          <p className={styles.muted}>{t('tryNote')}</p>
        </section>
      </div>
    </div>
  );
}
