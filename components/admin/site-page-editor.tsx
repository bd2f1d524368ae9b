'use client';
// The site-page editor: which version (this brand's, or the shared one), the title and the text in both languages
// as Markdown, a preview of each as the public page will show it, and save-and-publish (audited; the public page
// follows within seconds).
import { useState } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { ContentBlocks } from '@/components/content/content-blocks';
import { Card } from '@/components/ui/card';
import { parseMarkdownBody } from '@/lib/format/markdown-blocks';
import { adminRoutes, adminSitePagePath } from '@/lib/routes';
import type { SitePageDraft } from '@/lib/validation/admin';
import { ActionForm } from './action-form';
import { consoleTime } from './format';
import { editorLanguages, fieldSuffix } from './editor-languages';
import styles from './console.module.css';

export function SitePageEditor({ draft, brandName }: { draft: SitePageDraft; brandName: string }) {
  const t = useTranslations('admin.pages');
  const locale = useLocale();
  const [title, setTitle] = useState(draft.title);
  const [body, setBody] = useState(draft.body);
  const editPath = adminSitePagePath(draft.kind, draft.number);
  const languages = editorLanguages(locale);
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>
        <Link href={adminRoutes.pages}>{t('back')}</Link>
        {' · '}
        <Link href={draft.path}>{t('open')}</Link>
        {draft.updatedAt ? ` · ${t('updated', { time: consoleTime(draft.updatedAt, locale) })}` : null}
      </p>
      <nav aria-label={t('scope')} className={styles.rowActions}>
        <Link href={editPath} aria-current={draft.scope === 'brand' ? 'page' : undefined} className={styles.scopeLink}>
          {t('scopeBrand', { brand: brandName })}
        </Link>
        <Link href={`${editPath}?scope=shared`} aria-current={draft.scope === 'shared' ? 'page' : undefined} className={styles.scopeLink}>
          {t('scopeShared')}
        </Link>
      </nav>
      {draft.exists ? null : <p className={styles.notice}>{t('startsFromShared')}</p>}
      <ActionForm endpoint="/api/admin/saveSitePage" values={{ kind: draft.kind, number: draft.number, scope: draft.scope }} submitLabel={t('save')} doneMessage={t('saved')}>
        <div className={styles.editorGrid}>
          {languages.map((language) => (
            <div key={language} className={styles.stack}>
              <label className={styles.field}>
                <span className={styles.label}>{t(language === 'en-US' ? 'titleEn' : 'titleZh')}</span>
                <input
                  className={styles.input}
                  name={`title_${fieldSuffix[language]}`}
                  lang={language}
                  value={title[language]}
                  maxLength={120}
                  required
                  onChange={(event) => setTitle({ ...title, [language]: event.target.value })}
                />
              </label>
              <label className={styles.field}>
                <span className={styles.label}>{t(language === 'en-US' ? 'bodyEn' : 'bodyZh')}</span>
                <textarea
                  className={styles.textarea}
                  name={`body_${fieldSuffix[language]}`}
                  lang={language}
                  value={body[language]}
                  rows={16}
                  maxLength={20_000}
                  required
                  aria-describedby="site-page-body-hint"
                  onChange={(event) => setBody({ ...body, [language]: event.target.value })}
                />
              </label>
            </div>
          ))}
        </div>
        <p id="site-page-body-hint" className={styles.muted}>
          {t('bodyHint')}
        </p>
      </ActionForm>
      <section aria-labelledby="site-page-preview" className={styles.stack}>
        <h2 id="site-page-preview" className={styles.panelTitle}>
          {t('preview')}
        </h2>
        <div className={styles.editorGrid}>
          {languages.map((language) => (
            <Card key={language} radius="lg" className={`${styles.panel} ${styles.previewCard}`} lang={language} aria-label={t(language === 'en-US' ? 'previewEn' : 'previewZh')}>
              <h3 className={styles.previewTitle}>{title[language]}</h3>
              <ContentBlocks blocks={parseMarkdownBody(body[language])} />
            </Card>
          ))}
        </div>
      </section>
    </div>
  );
}
