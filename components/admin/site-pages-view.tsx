// Site pages in the console: each page, where the public reads it, and which versions exist (this brand's own,
// the shared one), with a link to edit.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { adminSitePagePath } from '@/lib/routes';
import type { SitePageEntry } from '@/lib/validation/admin';
import { consoleTime } from './format';
import styles from './console.module.css';

export function SitePagesView({ pages }: { pages: SitePageEntry[] }) {
  const t = useTranslations('admin.pages');
  const locale = useLocale();
  const version = (iso: string | null) => (iso ? consoleTime(iso, locale) : t('none'));
  return (
    <>
      <p className={styles.muted}>{t('lead')}</p>
      <Card radius="lg" clip className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('page')}</th>
              <th scope="col">{t('address')}</th>
              <th scope="col">{t('brandVersion')}</th>
              <th scope="col">{t('sharedVersion')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('edit')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={`${page.kind}/${page.number}`}>
                <td data-label={t('page')}>
                  <span>
                    {page.title} <span className={styles.muted}>{t(`kinds.${page.kind}`)}</span>
                  </span>
                </td>
                <td data-label={t('address')}>
                  <Link href={page.path}>{page.path}</Link>
                </td>
                <td data-label={t('brandVersion')}>{version(page.brandVersion)}</td>
                <td data-label={t('sharedVersion')}>{version(page.sharedVersion)}</td>
                <td>
                  <Link href={adminSitePagePath(page.kind, page.number)} aria-label={`${t('edit')}: ${page.title}`}>
                    {t('edit')}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
