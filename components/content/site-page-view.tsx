import 'server-only';
// A help, about or legal page: title, last update, the page's text, and what comes after it.
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format/date-time';
import type { Locale } from '@/lib/i18n/locales';
import type { SitePageView as SitePage } from '@/lib/validation/content';
import { ContentBlocks } from './content-blocks';
import styles from './site-page-view.module.css';

type SitePageViewProps = {
  page: SitePage;
  locale: Locale;
  /** Above the title: the breadcrumb (pages with the site's chrome). */
  above?: ReactNode;
  /** After the text: a form, a QR code, links. */
  children?: ReactNode;
};

export async function SitePageView({ page, locale, above, children }: SitePageViewProps) {
  const t = await getTranslations({ locale, namespace: 'articles.sitePage' });
  return (
    <div className={styles.page}>
      {above}
      <article className={styles.document}>
        <header className={styles.header}>
          <h1 className={styles.title}>{page.title}</h1>
          <p className={styles.updated}>
            <time dateTime={page.updatedAt}>{t('updated', { date: formatDate(page.updatedAt, locale) })}</time>
          </p>
        </header>
        <ContentBlocks blocks={page.body} />
      </article>
      {children}
    </div>
  );
}
