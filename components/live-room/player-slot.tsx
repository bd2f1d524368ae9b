// The video area of a live room. The player itself arrives with the video issue and goes in as `children`
// while the room is live; until then the slot shows the spec's live state (§4): not started, or away briefly.
// Overlays (barrage, entrance animations) sit above whatever the slot shows.
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { liveStatuses, type LiveStatus } from '@/lib/realtime/protocol';
import styles from './live-room.module.css';

export type PlayerSlotProps = {
  status: LiveStatus;
  anchorName: string;
  /** The player, shown while the room is live. */
  children?: ReactNode;
  overlays?: ReactNode;
  controls?: ReactNode;
};

export function PlayerSlot({ status, anchorName, children, overlays, controls }: PlayerSlotProps) {
  const t = useTranslations('chat.room');
  const playing = status === liveStatuses.live && children;
  return (
    <div className={styles.player} data-status={status}>
      {playing ? (
        children
      ) : (
        <div className={styles.poster} role="status">
          <div className={styles.posterBadge} aria-hidden="true">
            <svg width="34" height="34" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3 7h12v10H3z" />
              <path d="M15 10.5l6-3.5v10l-6-3.5" />
            </svg>
          </div>
          <p className={styles.posterTitle}>{status === liveStatuses.away ? t('away') : t('notStarted')}</p>
          <p className={styles.posterHint}>{status === liveStatuses.away ? t('awayHint') : t('notStartedHint')}</p>
          <p className={styles.posterAnchor}>{anchorName}</p>
        </div>
      )}
      {overlays}
      {controls ? <div className={styles.playerControls}>{controls}</div> : null}
    </div>
  );
}
