// Previous / next links under a paged list, with "page n of m" between them.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import styles from './pager.module.css';

export function Pager({ page, pages, hrefFor }: { page: number; pages: number; hrefFor: (page: number) => string }) {
  const t = useTranslations('shell.pager');
  if (pages <= 1) return null;
  const link = (target: number, label: string, rel: 'prev' | 'next', enabled: boolean) =>
    enabled ? (
      <Link href={hrefFor(target)} className={styles.pageLink} rel={rel} prefetch={false}>
        {label}
      </Link>
    ) : (
      <span className={styles.pageLink} aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav className={styles.pager} aria-label={t('label')}>
      {link(page - 1, t('previous'), 'prev', page > 1)}
      <span className={styles.pageOf}>{t('pageOf', { page, pages })}</span>
      {link(page + 1, t('next'), 'next', page < pages)}
    </nav>
  );
}
