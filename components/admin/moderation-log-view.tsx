// The moderation log across rooms: filters by room, actor, target and step (a GET form, so a filtered view is a
// link), newest first, 50 a page; each step with where, who, to whom and what was decided.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { adminModerationPath, adminPersonPath, adminRoutes, liveRoomPath } from '@/lib/routes';
import { banReasons, banUnits } from '@/lib/validation/chat-constants';
import { moderationLogActions, type ModerationLogPage, type ModerationLogQuery, type ModerationLogRow } from '@/lib/validation/admin';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

const actionTone = { ban: 'live', autoBan: 'live', unban: 'success', delete: 'muted', announce: 'brand', appointManager: 'neutral', removeManager: 'muted' } as const;

function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

function Decision({ row }: { row: ModerationLogRow }) {
  const t = useTranslations('admin.moderation');
  const chat = useTranslations('chat');
  const { details } = row;
  if (row.action === 'ban' || row.action === 'autoBan') {
    const reason = isOneOf(banReasons, details.reason) ? chat(`reasons.${details.reason}`) : String(details.reason ?? '');
    const length =
      details.unit === 'permanent' || !isOneOf(banUnits, details.unit)
        ? chat('units.permanent')
        : `${details.duration ?? ''} ${chat(`units.${details.unit}`).toLowerCase()}`;
    const trigger = details.trigger === 'continuous' || details.trigger === 'total' ? ` · ${t(`triggers.${details.trigger}`)}` : '';
    return (
      <span>
        {reason} · {length}
        {trigger}
      </span>
    );
  }
  if (typeof details.content === 'string' && details.content !== '') return <q className={styles.quote}>{details.content}</q>;
  return <span className={styles.muted}>—</span>;
}

export function ModerationLogView({ filters, log }: { filters: ModerationLogQuery; log: ModerationLogPage }) {
  const t = useTranslations('admin.moderation');
  const locale = useLocale();
  return (
    <>
      <form className={styles.toolbar} action={adminRoutes.moderation}>
        <label className={styles.field}>
          <span className={styles.label}>{t('room')}</span>
          <input className={styles.input} name="room" defaultValue={filters.room ?? ''} size={14} maxLength={60} placeholder="live:10000003" />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('actor')}</span>
          <input className={styles.input} name="actor" inputMode="numeric" defaultValue={filters.actor ?? ''} size={10} />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('target')}</span>
          <input className={styles.input} name="target" inputMode="numeric" defaultValue={filters.target ?? ''} size={10} />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('action')}</span>
          <select className={styles.input} name="action" defaultValue={filters.action ?? ''}>
            <option value="">{t('anyAction')}</option>
            {moderationLogActions.map((action) => (
              <option key={action} value={action}>
                {t(`actions.${action}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={buttonClass({ size: 'md' })}>
          {t('filter')}
        </button>
        <Link href={adminRoutes.moderation} className={buttonClass({ variant: 'secondary', size: 'md' })}>
          {t('clear')}
        </Link>
      </form>
      <p className={styles.muted} role="status">
        {log.total === 0 ? t('empty') : t('total', { total: log.total })}
      </p>
      {log.rows.length > 0 && (
        <Card radius="lg" clip className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('room')}</th>
                <th scope="col">{t('action')}</th>
                <th scope="col">{t('actor')}</th>
                <th scope="col">{t('target')}</th>
                <th scope="col">{t('decision')}</th>
              </tr>
            </thead>
            <tbody>
              {log.rows.map((row) => (
                <tr key={row.id} data-action={row.action}>
                  <td data-label={t('when')}>{consoleTime(row.at, locale)}</td>
                  <td data-label={t('room')}>
                    <span>
                      {row.roomAnchor ? (
                        <Link href={row.roomAnchor.fans ? adminModerationPath({ room: row.roomKey }) : liveRoomPath(row.roomAnchor.id)}>
                          {t(row.roomAnchor.fans ? 'fanGroupOf' : 'roomOf', { name: row.roomAnchor.nickName })}
                        </Link>
                      ) : null}{' '}
                      <Link className={styles.muted} href={adminModerationPath({ room: row.roomKey })} aria-label={t('onlyRoom', { room: row.roomKey })}>
                        {row.roomKey}
                      </Link>
                    </span>
                  </td>
                  <td data-label={t('action')}>
                    {/* In its own span: on a phone the cell is a grid, which would stretch the badge across it. */}
                    <span>
                      <Badge tone={actionTone[row.action]}>{t(`actions.${row.action}`)}</Badge>
                    </span>
                  </td>
                  <td data-label={t('actor')}>
                    {row.actor ? <Link href={adminPersonPath(row.actor.id)}>{row.actor.nickName}</Link> : <span className={styles.muted}>{t('chatRules')}</span>}
                  </td>
                  <td data-label={t('target')}>{row.target ? <Link href={adminPersonPath(row.target.id)}>{row.target.nickName}</Link> : <span className={styles.muted}>—</span>}</td>
                  <td data-label={t('decision')}>
                    <Decision row={row} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConsolePager page={log.page} pages={log.pages} href={(page) => adminModerationPath({ ...filters, page })} />
    </>
  );
}
