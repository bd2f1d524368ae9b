// The video area of a live room: the player while the stream is up, else a poster for the stream's phase
// (spec §4 live state: not started, away briefly; and ended once a live closed under the viewer's eyes). The
// room's own anchor reads what to do instead: start the encoder, or start a live. Overlays (barrage, entrance
// animations) and the control bar sit above whatever the slot shows.
import type { ReactNode, Ref } from 'react';
import { useTranslations } from 'next-intl';
import type { StreamPhase } from '@/components/live/stream-phase';
import { useOwnRoom } from './room-context';
import styles from './live-room.module.css';

export type PlayerSlotProps = {
  phase: StreamPhase;
  anchorName: string;
  /** The player; shown while the phase is live. */
  children?: ReactNode;
  overlays?: ReactNode;
  controls?: ReactNode;
  /** The element that goes full screen: video, barrage and controls together. */
  frameRef?: Ref<HTMLDivElement>;
};

const posterTexts = {
  notStarted: { title: 'notStarted', hint: 'notStartedHint' },
  away: { title: 'away', hint: 'awayHint' },
  ended: { title: 'ended', hint: 'endedHint' },
} as const;

/** The anchor's own poster; `idle`: no live is open, so there is nothing to push to yet. */
const ownPosterTexts = {
  notStarted: { title: 'notStarted', hint: 'notStartedHint' },
  idle: { title: 'idle', hint: 'idleHint' },
  away: { title: 'away', hint: 'awayHint' },
} as const;

function usePosterText(phase: StreamPhase): { title: string; hint: string } {
  const t = useTranslations('player.stage');
  const tOwn = useTranslations('anchor.studio.poster');
  const own = useOwnRoom();
  if (phase === 'live') return { title: '', hint: '' };
  if (own && phase !== 'ended') {
    const texts = ownPosterTexts[phase === 'notStarted' && own.room.live === null ? 'idle' : phase];
    return { title: tOwn(texts.title), hint: tOwn(texts.hint) };
  }
  return { title: t(posterTexts[phase].title), hint: t(posterTexts[phase].hint) };
}

export function PlayerSlot({ phase, anchorName, children, overlays, controls, frameRef }: PlayerSlotProps) {
  const text = usePosterText(phase);
  return (
    <div ref={frameRef} className={styles.player} data-phase={phase}>
      {phase === 'live' ? (
        children
      ) : (
        <div className={styles.poster} role="status">
          <div className={styles.posterBadge} aria-hidden="true">
            <svg width="34" height="34" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3 7h12v10H3z" />
              <path d="M15 10.5l6-3.5v10l-6-3.5" />
            </svg>
          </div>
          <p className={styles.posterTitle}>{text.title}</p>
          <p className={styles.posterHint}>{text.hint}</p>
          <p className={styles.posterAnchor}>{anchorName}</p>
        </div>
      )}
      {overlays}
      {controls ? <div className={styles.playerControls}>{controls}</div> : null}
    </div>
  );
}
