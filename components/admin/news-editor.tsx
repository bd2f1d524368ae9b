'use client';
// The news editor: where the article shows (this brand, or every brand), its kind, title, summary and text in each
// language as Markdown (a language left empty is not published in it), tags, cover, and when it is published: a
// draft, now, or at a time, with an optional time to come down. Times are UTC, as everywhere in the console. A
// preview shows each language as the article page will.
import { useState } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { ContentBlocks } from '@/components/content/content-blocks';
import { Card } from '@/components/ui/card';
import { parseMarkdownBody } from '@/lib/format/markdown-blocks';
import { adminNewsPath } from '@/lib/routes';
import { editableNewsKinds, newsPublishModes, type NewsDraft, type NewsPublishMode } from '@/lib/validation/admin-news';
import { ActionForm } from './action-form';
import { consoleTime } from './format';
import { editorLanguages, fieldSuffix } from './editor-languages';
import styles from './console.module.css';

/** An instant as a datetime-local input shows it in UTC ("2026-11-28T10:00"), and back. */
const toUtcInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');
const fromUtcInput = (value: string) => (value ? `${value}:00.000Z` : '');

function publishModeOf(draft: NewsDraft): NewsPublishMode {
  if (draft.state === 'draft') return 'draft';
  return draft.state === 'scheduled' ? 'at' : 'now';
}

export function NewsEditor({ draft, brandName }: { draft: NewsDraft; brandName: string }) {
  const t = useTranslations('admin.news');
  const locale = useLocale();
  const [title, setTitle] = useState(draft.title);
  const [summary, setSummary] = useState(draft.summary);
  const [body, setBody] = useState(draft.body);
  const [cover, setCover] = useState(draft.coverUrl);
  const [publish, setPublish] = useState<NewsPublishMode>(publishModeOf(draft));
  const [publishAt, setPublishAt] = useState(toUtcInput(draft.state === 'scheduled' ? draft.publishedAt : null));
  const [unpublishAt, setUnpublishAt] = useState(toUtcInput(draft.unpublishAt));
  const languages = editorLanguages(locale);
  const written = languages.filter((language) => title[language].trim() !== '');
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        <Link href={adminNewsPath({})}>{t('back')}</Link>
        {draft.path && draft.state === 'published' ? (
          <>
            {' · '}
            <Link href={draft.path}>{t('open')}</Link>
          </>
        ) : null}
        {draft.updatedAt ? ` · ${t('updated', { time: consoleTime(draft.updatedAt, locale) })}` : null}
      </p>
      <ActionForm
        endpoint="/api/admin/saveNews"
        values={{ id: draft.id, publish_at: publish === 'at' ? fromUtcInput(publishAt) : '', unpublish_at: fromUtcInput(unpublishAt) }}
        submitLabel={t('save')}
        doneMessage={t('saved')}
        doneHref={draft.id === 0 ? adminNewsPath({}) : undefined}
      >
        <div className={styles.toolbar}>
          <label className={styles.field}>
            <span className={styles.label}>{t('shownOn')}</span>
            <select className={styles.input} name="scope" defaultValue={draft.scope}>
              <option value="brand">{t('scopeBrand', { brand: brandName })}</option>
              <option value="shared">{t('scopes.shared')}</option>
            </select>
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('kind')}</span>
            <select className={styles.input} name="kind" defaultValue={draft.kind}>
              {editableNewsKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={`${styles.field} ${styles.grow}`}>
            <span className={styles.label}>{t('tags')}</span>
            <input className={styles.input} name="tags" defaultValue={draft.tags.join(', ')} maxLength={400} aria-describedby="news-tags-hint" />
          </label>
        </div>
        <p id="news-tags-hint" className={styles.muted}>
          {t('tagsHint')}
        </p>
        <div className={styles.editorGrid}>
          {languages.map((language) => (
            <fieldset key={language} className={`${styles.stack} ${styles.group}`} lang={language}>
              <legend className={styles.panelTitle}>{t(`languages.${language}`)}</legend>
              <label className={styles.field}>
                <span className={styles.label}>{t('title')}</span>
                <input className={styles.input} name={`title_${fieldSuffix[language]}`} value={title[language]} maxLength={120} onChange={(event) => setTitle({ ...title, [language]: event.target.value })} />
              </label>
              <label className={styles.field}>
                <span className={styles.label}>{t('summary')}</span>
                <textarea className={`${styles.textarea} ${styles.shortText}`} name={`summary_${fieldSuffix[language]}`} value={summary[language]} rows={2} maxLength={300} onChange={(event) => setSummary({ ...summary, [language]: event.target.value })} />
              </label>
              <label className={styles.field}>
                <span className={styles.label}>{t('body')}</span>
                <textarea
                  className={styles.textarea}
                  name={`body_${fieldSuffix[language]}`}
                  value={body[language]}
                  rows={14}
                  maxLength={20_000}
                  aria-describedby="news-body-hint"
                  onChange={(event) => setBody({ ...body, [language]: event.target.value })}
                />
              </label>
            </fieldset>
          ))}
        </div>
        <p id="news-body-hint" className={styles.muted}>
          {t('bodyHint')}
        </p>
        <label className={styles.field}>
          <span className={styles.label}>{t('cover')}</span>
          <input className={styles.input} name="cover_url" value={cover} maxLength={500} aria-describedby="news-cover-hint" onChange={(event) => setCover(event.target.value)} />
        </label>
        <p id="news-cover-hint" className={styles.muted}>
          {t('coverHint')}
        </p>
        <fieldset className={`${styles.stack} ${styles.group}`}>
          <legend className={styles.label}>{t('publish')}</legend>
          <div className={styles.rowActions}>
            {newsPublishModes.map((mode) => (
              <label key={mode} className={styles.choice}>
                <input type="radio" name="publish" value={mode} checked={publish === mode} onChange={() => setPublish(mode)} />
                {t(`publishModes.${mode}`)}
              </label>
            ))}
          </div>
          <div className={styles.toolbar}>
            {publish === 'at' ? (
              <label className={styles.field}>
                <span className={styles.label}>{t('publishAt')}</span>
                <input className={styles.input} type="datetime-local" value={publishAt} onChange={(event) => setPublishAt(event.target.value)} />
              </label>
            ) : null}
            <label className={styles.field}>
              <span className={styles.label}>{t('unpublishAt')}</span>
              <input className={styles.input} type="datetime-local" value={unpublishAt} onChange={(event) => setUnpublishAt(event.target.value)} />
            </label>
          </div>
        </fieldset>
      </ActionForm>
      <section aria-labelledby="news-preview" className={styles.stack}>
        <h2 id="news-preview" className={styles.panelTitle}>
          {t('preview')}
        </h2>
        {written.length === 0 ? <p className={styles.muted}>{t('previewEmpty')}</p> : null}
        <div className={styles.editorGrid}>
          {written.map((language) => (
            <Card key={language} radius="lg" className={`${styles.panel} ${styles.previewCard}`} lang={language} aria-label={t('previewOf', { language: t(`languages.${language}`) })}>
              {cover ? <img className={styles.previewCover} src={cover} alt="" width={1200} height={675} /> : null}
              <h3 className={styles.previewTitle}>{title[language]}</h3>
              {summary[language] ? <p className={styles.muted}>{summary[language]}</p> : null}
              <ContentBlocks blocks={parseMarkdownBody(body[language])} />
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
