// Replays in the console: every replay, newest first, with its anchor, length, size and whether the site shows it;
// hide or show it again, or delete it (row and file) after a confirmation.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { adminReplaysPath } from '@/lib/routes';
import type { ReplaysPage } from '@/lib/validation/admin';
import { ActionForm } from './action-form';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

function duration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

export function ReplaysView({ replays }: { replays: ReplaysPage }) {
  const t = useTranslations('admin');
  const locale = useLocale();
  if (replays.total === 0) return <p className={styles.notice}>{t('replays.empty')}</p>;
  const megabytes = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (
    <>
      <p className={styles.muted}>{t('replays.lead')}</p>
      <Card radius="lg" clip className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('replays.replay')}</th>
              <th scope="col">{t('replays.length')}</th>
              <th scope="col">{t('replays.recorded')}</th>
              <th scope="col">{t('replays.state')}</th>
              <th scope="col">{t('audit.action')}</th>
            </tr>
          </thead>
          <tbody>
            {replays.rows.map((replay) => {
              const hidden = replay.hiddenAt !== null;
              return (
                <tr key={replay.id} data-replay={replay.id}>
                  <td data-label={t('replays.replay')}>
                    <span>
                      {hidden ? replay.title : <Link href={replay.path}>{replay.title}</Link>}{' '}
                      <span className={styles.muted}>
                        {replay.anchorName} #{replay.anchorId}
                      </span>
                    </span>
                  </td>
                  <td data-label={t('replays.length')} className={styles.num}>
                    {duration(replay.durationSeconds)} · {megabytes.format(replay.sizeBytes / 1_048_576)} MB
                  </td>
                  <td data-label={t('replays.recorded')}>{consoleTime(replay.recordedAt, locale)}</td>
                  <td data-label={t('replays.state')}>
                    <span>
                      <Badge tone={hidden ? 'muted' : 'success'}>{t(hidden ? 'replays.hidden' : 'replays.shown')}</Badge>
                    </span>
                  </td>
                  <td data-label={t('audit.action')}>
                    <div className={styles.rowActions}>
                      <ActionForm
                        endpoint="/api/admin/hideReplay"
                        values={{ replay_id: replay.id, hidden: hidden ? 0 : 1 }}
                        submitLabel={t(hidden ? 'replays.show' : 'replays.hide')}
                        doneMessage={t(hidden ? 'replays.done.show' : 'replays.done.hide')}
                        variant="outline"
                        size="xs"
                        className={styles.rowActions}
                      />
                      <ActionForm
                        endpoint="/api/admin/deleteReplay"
                        values={{ replay_id: replay.id }}
                        submitLabel={t('replays.delete')}
                        doneMessage={t('replays.done.delete')}
                        confirmMessage={t('replays.confirmDelete', { title: replay.title })}
                        variant="danger"
                        size="xs"
                        className={styles.rowActions}
                      />
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </Card>
      <ConsolePager page={replays.page} pages={replays.pages} href={adminReplaysPath} />
    </>
  );
}
