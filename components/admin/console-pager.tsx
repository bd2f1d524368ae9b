// The console's list pager: previous, "page N of M", next; nothing when everything fits on one page.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import styles from './console.module.css';

export function ConsolePager({ page, pages, href }: { page: number; pages: number; href: (page: number) => string }) {
  const t = useTranslations('admin.pager');
  if (pages <= 1) return null;
  const label = t('label', { page, pages });
  return (
    <nav className={styles.pager} aria-label={label}>
      {page > 1 ? <Link href={href(page - 1)}>{t('previous')}</Link> : <span />}
      <span className={styles.muted}>{label}</span>
      {page < pages ? <Link href={href(page + 1)}>{t('next')}</Link> : <span />}
    </nav>
  );
}
