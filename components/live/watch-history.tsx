'use client';
// /user-center/watchHistory (spec §2.2): the rooms the viewer opened, newest first, whether each is on air now,
// and clearing the list (after a confirmation).
import { useState } from 'react';
import Link from 'next/link';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import { EmptyState } from '@/components/ui/empty-state';
import { HistoryIcon } from '@/components/shell/icons';
import { Avatar } from '@/components/ui/avatar';
import { liveStatuses } from '@/lib/validation/live-constants';
import { anchorInfoPath, liveRoomPath, siteRoutes } from '@/lib/routes';
import { useToast } from '@/stores/toast-store';
import { clearWatchHistory, liveQueryKeys, watchHistoryQuery } from './live-api';
import { QueryRows, SignedOutNotice, useViewerId } from './personal-list';
import styles from './live.module.css';
import { useDateFormat } from '@/components/shell/local-time';

export function WatchHistory() {
  const t = useTranslations('player.personal');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div className={styles.placeholder} aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={HistoryIcon} title={t('historySignedOut')} text={t('historySignedOutHint')} />;
  return <HistoryRows viewerId={viewerId} />;
}

function HistoryRows({ viewerId }: { viewerId: number }) {
  const t = useTranslations('player.personal');
  const { dateTime } = useDateFormat();
  const toast = useToast();
  const queryClient = useQueryClient();
  const query = useQuery(watchHistoryQuery(viewerId));
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);

  async function clear() {
    setClearing(true);
    try {
      await clearWatchHistory();
      queryClient.setQueryData(liveQueryKeys.watchHistory(viewerId), []);
      toast(t('historyCleared'), 'success');
    } catch (error) {
      toast(errorText(error, t('failed')), 'error');
    } finally {
      setClearing(false);
      setConfirming(false);
    }
  }

  return (
    <QueryRows query={query}>
      {(list) =>
        list.length === 0 ? (
          <EmptyState icon={HistoryIcon} title={t('historyEmpty')} description={t('historyEmptyHint')} action={{ href: siteRoutes.liveMatches, label: t('browseLive') }} />
        ) : (
          <>
            <div className={styles.toolbar}>
              <span className={styles.toolbarNote}>{t('historyCount', { count: list.length })}</span>
              {confirming ? (
                <span className={styles.confirmInline} role="group" aria-label={t('clearConfirm')}>
                  <span>{t('clearConfirm')}</span>
                  <button type="button" className={styles.secondaryLink} onClick={() => setConfirming(false)} disabled={clearing}>
                    {t('cancel')}
                  </button>
                  <button type="button" className={styles.dangerButton} onClick={clear} disabled={clearing} aria-busy={clearing}>
                    {t('clear')}
                  </button>
                </span>
              ) : (
                <button type="button" className={styles.secondaryLink} onClick={() => setConfirming(true)}>
                  {t('clearHistory')}
                </button>
              )}
            </div>
            <ul className={styles.rows}>
              {list.map((entry) => {
                const onAir = entry.live_status !== liveStatuses.notStarted;
                return (
                  <li key={entry.anchor_id} className={styles.row} data-live={onAir || undefined}>
                    <Link href={anchorInfoPath(entry.anchor_id)} className={styles.rowAvatar} prefetch={false} aria-label={t('profileOf', { name: entry.nick_name })}>
                      <Avatar src={entry.avatar} name={entry.nick_name} size={48} />
                      {onAir ? <span className={styles.rowLiveRing} aria-hidden="true" /> : null}
                    </Link>
                    <div className={styles.rowText}>
                      <p className={styles.rowName}>
                        {entry.nick_name}
                        {onAir ? <span className={styles.rowLiveTag}>{t('live')}</span> : null}
                      </p>
                      <p className={styles.rowDetail}>
                        {onAir && entry.title ? `${entry.title} · ` : ''}
                        {t('watchedAt', { date: dateTime({ unixSeconds: entry.watched_at }) })}
                      </p>
                    </div>
                    <div className={styles.rowActions}>
                      <Link href={liveRoomPath(entry.anchor_id)} className={onAir ? styles.primaryLink : styles.secondaryLink} prefetch={false}>
                        {onAir ? t('watch') : t('visitRoom')}
                      </Link>
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )
      }
    </QueryRows>
  );
}
