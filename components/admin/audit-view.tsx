// The audit log: filters by actor, action and target (a GET form, so a filtered view is a link), newest first,
// 50 a page, each entry with its before and after.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminAuditPath, adminPersonPath, adminRoutes } from '@/lib/routes';
import { auditActions, type AuditPage, type AuditQuery } from '@/lib/validation/admin';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

function snapshot(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value);
}

export function AuditView({ filters, audit }: { filters: AuditQuery; audit: AuditPage }) {
  const t = useTranslations('admin');
  const locale = useLocale();
  const actionName = (action: string) => ((auditActions as readonly string[]).includes(action) ? t(`audit.actions.${action as AuditQuery['action'] & string}`) : action);
  return (
    <>
      <form className={styles.toolbar} action={adminRoutes.audit}>
        <label className={styles.field}>
          <span className={styles.label}>{t('audit.actor')}</span>
          <input className={styles.input} name="actor" inputMode="numeric" defaultValue={filters.actor ?? ''} size={10} />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('audit.action')}</span>
          <select className={styles.input} name="action" defaultValue={filters.action ?? ''}>
            <option value="">{t('audit.anyAction')}</option>
            {auditActions.map((action) => (
              <option key={action} value={action}>
                {t(`audit.actions.${action}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('audit.target')}</span>
          <input className={styles.input} name="target" defaultValue={filters.target ?? ''} size={10} maxLength={40} />
        </label>
        <button type="submit" className={buttonClass({ size: 'md' })}>
          {t('audit.filter')}
        </button>
        <Link href={adminRoutes.audit} className={buttonClass({ variant: 'secondary', size: 'md' })}>
          {t('audit.clear')}
        </Link>
      </form>
      <p className={styles.muted} role="status">
        {audit.total === 0 ? t('audit.empty') : t('audit.total', { total: audit.total })}
      </p>
      {audit.rows.length > 0 && (
        <Card radius="lg" clip className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('audit.when')}</th>
                <th scope="col">{t('audit.actor')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.change')}</th>
                <th scope="col">{t('audit.from')}</th>
              </tr>
            </thead>
            <tbody>
              {audit.rows.map((row) => (
                <tr key={row.id} data-action={row.action}>
                  <td data-label={t('audit.when')}>{consoleTime(row.at, locale)}</td>
                  <td data-label={t('audit.actor')}>
                    <span>
                      <Link href={adminPersonPath(row.actorId)}>{row.actorName}</Link>{' '}
                      <span className={styles.muted}>
                        #{row.actorId} · {t(`roles.${row.actorRole as 'operator'}`)}
                      </span>
                    </span>
                  </td>
                  <td data-label={t('audit.action')}>{actionName(row.action)}</td>
                  <td data-label={t('audit.target')}>
                    {row.targetType === 'user' ? <Link href={adminPersonPath(row.targetId)}>#{row.targetId}</Link> : `${row.targetType} #${row.targetId}`}
                  </td>
                  <td data-label={t('audit.change')}>
                    <span className={styles.change}>
                      <span className={styles.mono}>{snapshot(row.before)}</span>
                      <span className={styles.mono}>→ {snapshot(row.after)}</span>
                    </span>
                  </td>
                  <td data-label={t('audit.from')}>
                    <span className={styles.address}>{row.ip || '—'}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConsolePager page={audit.page} pages={audit.pages} href={(page) => adminAuditPath({ ...filters, page })} />
    </>
  );
}
