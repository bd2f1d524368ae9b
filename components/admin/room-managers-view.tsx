// Room managers in the console (docs/room-managers.md): appoint a viewer of the brand to any anchor's room, and the
// appointments, newest first, each with its anchor, its manager, who appointed them and Remove.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { adminPersonPath, adminRoomManagersPath } from '@/lib/routes';
import type { RoomManagersPage } from '@/lib/validation/admin';
import { roomManagerLimit } from '@/lib/validation/room-managers';
import { ActionForm } from './action-form';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

function PersonLink({ person }: { person: { id: number; nickName: string } }) {
  return (
    <Link href={adminPersonPath(person.id)}>
      {person.nickName} <span className={styles.muted}>#{person.id}</span>
    </Link>
  );
}

export function RoomManagersView({ managers }: { managers: RoomManagersPage }) {
  const t = useTranslations('admin');
  const locale = useLocale();
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('roomManagers.lead', { limit: roomManagerLimit })}</p>
      <Card as="section" radius="lg" className={styles.panel} aria-labelledby="room-manager-appoint">
        <h2 id="room-manager-appoint" className={styles.panelTitle}>
          {t('roomManagers.appointHeading')}
        </h2>
        <ActionForm endpoint="/api/admin/appointRoomManager" submitLabel={t('roomManagers.appoint')} doneMessage={t('roomManagers.done.appoint')}>
          <label className={styles.field}>
            <span className={styles.label}>{t('roomManagers.anchorId')}</span>
            <input className={styles.input} name="anchor_id" inputMode="numeric" pattern="[0-9]*" maxLength={15} required />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('roomManagers.user')}</span>
            <input className={styles.input} name="user" maxLength={40} required />
          </label>
        </ActionForm>
      </Card>
      {managers.total === 0 ? (
        <p className={styles.notice}>{t('roomManagers.empty')}</p>
      ) : (
        <Card radius="lg" clip className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('roomManagers.room')}</th>
                <th scope="col">{t('roomManagers.manager')}</th>
                <th scope="col">{t('roomManagers.since')}</th>
                <th scope="col">{t('roomManagers.by')}</th>
                <th scope="col">{t('audit.action')}</th>
              </tr>
            </thead>
            <tbody>
              {managers.rows.map((row) => (
                <tr key={`${row.anchor.id}:${row.manager.id}`} data-room-manager={`${row.anchor.id}:${row.manager.id}`}>
                  <td data-label={t('roomManagers.room')}>
                    <span>
                      <PersonLink person={row.anchor} />
                    </span>
                  </td>
                  <td data-label={t('roomManagers.manager')}>
                    <span>
                      <PersonLink person={row.manager} />
                    </span>
                  </td>
                  <td data-label={t('roomManagers.since')}>{consoleTime(row.appointedAt, locale)}</td>
                  <td data-label={t('roomManagers.by')}>
                    <span>{row.appointedBy ? <PersonLink person={row.appointedBy} /> : '—'}</span>
                  </td>
                  <td data-label={t('audit.action')}>
                    <ActionForm
                      endpoint="/api/admin/removeRoomManager"
                      values={{ anchor_id: row.anchor.id, user_id: row.manager.id }}
                      submitLabel={t('roomManagers.remove')}
                      doneMessage={t('roomManagers.done.remove')}
                      confirmMessage={t('roomManagers.confirmRemove', { manager: row.manager.nickName, anchor: row.anchor.nickName })}
                      variant="outline"
                      size="xs"
                      className={styles.rowActions}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConsolePager page={managers.page} pages={managers.pages} href={adminRoomManagersPath} />
    </div>
  );
}
