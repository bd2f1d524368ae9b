import 'server-only';
// Notices (the /notice page): pinned first, then newest; each one's text shown in full.
import { getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format/date-time';
import type { Locale } from '@/lib/i18n/locales';
import type { NoticeView } from '@/lib/validation/content';
import { ContentBlocks } from './content-blocks';
import styles from './notice-list.module.css';

export async function NoticeList({ notices, locale }: { notices: NoticeView[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'articles.notice' });
  return (
    <ol className={styles.list}>
      {notices.map((notice) => (
        <li key={notice.id}>
          <article className={styles.notice} id={`notice-${notice.id}`} aria-labelledby={`notice-${notice.id}-title`}>
            <header className={styles.header}>
              <h2 id={`notice-${notice.id}-title`} className={styles.title}>
                {notice.title}
              </h2>
              <p className={styles.meta}>
                {notice.urgent ? <span className={`${styles.badge} ${styles.urgent}`}>{t('urgent')}</span> : null}
                {notice.pinned ? <span className={styles.badge}>{t('pinned')}</span> : null}
                <time dateTime={notice.publishedAt}>{formatDate(notice.publishedAt, locale)}</time>
              </p>
            </header>
            <ContentBlocks blocks={notice.body} headingLevel={3} />
          </article>
        </li>
      ))}
    </ol>
  );
}
