// Lives open now, busiest first, with ending one and revoking the anchor's push key for the roles that may.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { liveRoomPath } from '@/lib/routes';
import type { ConsoleViewer, LiveNow } from '@/lib/validation/admin';
import { ActionForm } from './action-form';
import { consoleTime } from './format';
import styles from './console.module.css';

export function RoomsView({ viewer, lives }: { viewer: ConsoleViewer; lives: LiveNow[] }) {
  const t = useTranslations('admin');
  const locale = useLocale();
  const canEnd = viewer.rights.includes('rooms.end');
  const canKey = viewer.rights.includes('rooms.pushKey');
  if (lives.length === 0) return <p className={styles.notice}>{t('rooms.empty')}</p>;
  return (
    <>
      {canKey && <p className={styles.muted}>{t('rooms.pushKeyHint')}</p>}
      <Card radius="lg" clip className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('rooms.anchor')}</th>
              <th scope="col">{t('rooms.liveTitle')}</th>
              <th scope="col">{t('rooms.status')}</th>
              <th scope="col">{t('rooms.viewers')}</th>
              <th scope="col">{t('rooms.started')}</th>
              {(canEnd || canKey) && <th scope="col">{t('audit.action')}</th>}
            </tr>
          </thead>
          <tbody>
            {lives.map((live) => (
              <tr key={live.liveId}>
                <td data-label={t('rooms.anchor')}>
                  <span>
                    {live.anchorName} <span className={styles.muted}>#{live.anchorId}</span>
                  </span>
                </td>
                <td data-label={t('rooms.liveTitle')}>
                  <Link href={liveRoomPath(live.anchorId)}>{live.title}</Link>
                </td>
                <td data-label={t('rooms.status')}>
                  <Badge tone={live.status === 'live' ? 'live' : 'muted'}>{t(`rooms.states.${live.status}`)}</Badge>
                </td>
                <td data-label={t('rooms.viewers')} className={styles.num}>
                  {new Intl.NumberFormat(locale).format(live.viewers)}
                </td>
                <td data-label={t('rooms.started')}>{consoleTime(live.startedAt, locale)}</td>
                {(canEnd || canKey) && (
                  <td data-label={t('audit.action')}>
                    <div className={styles.rowActions}>
                      {canEnd && (
                        <ActionForm
                          endpoint="/api/admin/endLive"
                          values={{ anchor_id: live.anchorId }}
                          submitLabel={t('rooms.end')}
                          doneMessage={t('rooms.done.end')}
                          confirmMessage={t('confirm.end')}
                          variant="danger"
                          size="xs"
                          className={styles.rowActions}
                        />
                      )}
                      {canKey && (
                        <ActionForm
                          endpoint="/api/admin/revokePushKey"
                          values={{ anchor_id: live.anchorId }}
                          submitLabel={t('rooms.pushKey')}
                          doneMessage={t('rooms.done.pushKey')}
                          confirmMessage={t('confirm.pushKey')}
                          variant="outline"
                          size="xs"
                          className={styles.rowActions}
                        />
                      )}
                    </div>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
