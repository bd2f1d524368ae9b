// People: a search by id, phone or nickname (a plain GET form, so a search is a link) and the matching accounts.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminPersonPath, adminRoutes } from '@/lib/routes';
import type { PeoplePage } from '@/lib/validation/admin';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

export function PeopleView({ query, people }: { query: string; people: PeoplePage }) {
  const t = useTranslations('admin');
  const locale = useLocale();
  const pageLink = (page: number) => `${adminRoutes.people}?${new URLSearchParams({ ...(query ? { q: query } : {}), page: String(page) })}`;
  return (
    <>
      <form className={styles.toolbar} action={adminRoutes.people} role="search">
        <label className={`${styles.field} ${styles.grow}`}>
          <span className={styles.label}>{t('people.search')}</span>
          <input className={styles.input} name="q" type="search" defaultValue={query} maxLength={40} />
        </label>
        <button type="submit" className={buttonClass({ size: 'md' })}>
          {t('people.searchButton')}
        </button>
      </form>
      <p className={styles.muted} role="status">
        {t('people.results', { total: people.total })}
      </p>
      {people.rows.length > 0 && (
        <Card radius="lg" clip className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('people.id')}</th>
                <th scope="col">{t('people.nickName')}</th>
                <th scope="col">{t('people.phone')}</th>
                <th scope="col">{t('people.role')}</th>
                <th scope="col">{t('people.state')}</th>
                <th scope="col">{t('people.joined')}</th>
              </tr>
            </thead>
            <tbody>
              {people.rows.map((person) => (
                <tr key={person.id}>
                  <td data-label={t('people.id')} className={styles.num}>
                    <Link href={adminPersonPath(person.id)}>{person.id}</Link>
                  </td>
                  <td data-label={t('people.nickName')}>
                    <Link href={adminPersonPath(person.id)}>{person.nickName}</Link>
                  </td>
                  <td data-label={t('people.phone')} className={styles.num}>
                    {person.mobile}
                  </td>
                  <td data-label={t('people.role')}>
                    {t(`roles.${person.role}`)}
                    {person.consoleRole && ` · ${t(`roles.${person.consoleRole}`)}`}
                  </td>
                  <td data-label={t('people.state')}>
                    {person.ban ? <Badge tone="live">{t('people.banned')}</Badge> : <Badge tone="muted">{t('people.active')}</Badge>}
                  </td>
                  <td data-label={t('people.joined')}>{consoleTime(person.createdAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConsolePager page={people.page} pages={people.pages} href={pageLink} />
    </>
  );
}
