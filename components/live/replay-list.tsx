'use client';
// Replays in a grid (/liveMatchesReplay, /anchorReplay/{id}, the anchor page): each card opens the recording in a
// dialog with a plain <video> over the MP4, which the server serves with byte ranges, so it seeks. Each replay has its
// own address, /anchorReplay/{anchor}?replay={id}: the card links there, opening it pushes it onto the history (the
// back button closes the player), and loading it opens the player at once, so a replay can be shared. A replay of a
// match shows the match's moments under the video, in step with the recording (replay-moments.tsx).
import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Avatar } from '@/components/ui/avatar';
import type { ReplayItem } from '@/lib/validation/live';
import { anchorInfoPath, replayIdInUrl, replayPath } from '@/lib/routes';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { CoverArt } from './cover-art';
import { LiveCardMatch } from './live-card-match';
import { isoFromUnix } from '@/lib/format/date-time';
import { ReplayMoments } from './replay-moments';
import { formatDuration } from './replay-time';
import styles from './live.module.css';
import { useDateFormat } from '@/components/shell/local-time';

type ReplayListProps = {
  replays: ReplayItem[];
  showAnchor?: boolean;
  /** The replay the address names (/anchorReplay/{anchor}?replay={id}): its player is open when the page loads. */
  opened?: ReplayItem | null;
};

export function ReplayList({ replays, showAnchor = true, opened = null }: ReplayListProps) {
  const [playing, setPlaying] = useState<ReplayItem | null>(opened);
  // Whether the open player's address was pushed by a click here (closing goes back) or came with the page.
  const pushed = useRef(false);
  const known = useRef(new Map<number, ReplayItem>());
  known.current = new Map([...(opened ? [opened] : []), ...replays].map((replay) => [replay.id, replay]));

  const open = (replay: ReplayItem) => {
    // The mark in the entry's state tells, when the history comes back to it, that closing may go back.
    window.history.pushState({ [pushedMark]: replay.id }, '', replayPath(replay));
    pushed.current = true;
    setPlaying(replay);
  };

  const close = useCallback(() => {
    if (pushed.current) {
      // The popstate that follows closes the player.
      window.history.back();
      return;
    }
    const url = new URL(window.location.href);
    url.searchParams.delete('replay');
    window.history.replaceState(null, '', `${url.pathname}${url.search}`);
    setPlaying(null);
  }, []);

  // Back and forward move between the list and an open replay.
  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      const id = replayIdInUrl(window.location.href);
      pushed.current = typeof event.state === 'object' && event.state !== null && pushedMark in event.state;
      setPlaying(id === null ? null : (known.current.get(id) ?? null));
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  return (
    <>
      <ul className={styles.grid}>
        {replays.map((replay, index) => (
          <li key={replay.id}>
            <ReplayCard replay={replay} showAnchor={showAnchor} eager={index < 4} onPlay={() => open(replay)} />
          </li>
        ))}
      </ul>
      {playing ? <ReplayDialog key={playing.id} replay={playing} onClose={close} /> : null}
    </>
  );
}

const pushedMark = 'sportcastReplay';

/** A plain click plays here; a click with a modifier (new tab, new window) follows the link. */
const playsHere = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function ReplayCard({ replay, showAnchor, eager, onPlay }: { replay: ReplayItem; showAnchor: boolean; eager: boolean; onPlay: () => void }) {
  const t = useTranslations('player.replays');
  const { dateTime } = useDateFormat();
  return (
    <article className={styles.card}>
      <div className={styles.coverBox}>
        <CoverArt src={replay.cover} name={replay.nick_name} eager={eager} />
        <span className={styles.playMark} aria-hidden="true">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="currentColor">
            <path d="M8 5v14l11-7z" />
          </svg>
        </span>
        <span className={styles.duration}>{formatDuration(replay.duration)}</span>
      </div>
      <div className={styles.cardBody}>
        {showAnchor ? <Avatar src={replay.avatar} name={replay.nick_name} size={36} /> : null}
        <div className={styles.cardText}>
          <h3 className={styles.cardTitle}>
            <a
              href={replayPath(replay)}
              className={styles.cardLink}
              onClick={(event) => {
                if (!playsHere(event)) return;
                event.preventDefault();
                onPlay();
              }}
            >
              {replay.title || t('untitled', { name: replay.nick_name })}
            </a>
          </h3>
          <p className={styles.cardAnchor}>
            {showAnchor ? (
              <>
                <Link href={anchorInfoPath(replay.anchor_id)} className={styles.anchorLink} prefetch={false}>
                  {replay.nick_name}
                </Link>
                {' · '}
              </>
            ) : null}
            <time dateTime={isoFromUnix(replay.started_at)}>{dateTime({ unixSeconds: replay.started_at })}</time>
          </p>
          {replay.match ? <LiveCardMatch match={replay.match} versus={t('versus')} /> : null}
        </div>
      </div>
    </article>
  );
}

function ReplayDialog({ replay, onClose }: { replay: ReplayItem; onClose: () => void }) {
  const t = useTranslations('player.replays');
  const titleId = useId();
  const video = useRef<HTMLVideoElement>(null);
  return (
    <DialogFrame
      className={styles.replayDialog}
      aria-labelledby={titleId}
      onDismiss={onClose}
      closeOnBackdrop
    >
      <div className={styles.replayHead}>
        <h2 id={titleId} className={styles.replayTitle}>
          {replay.title || t('untitled', { name: replay.nick_name })}
        </h2>
        <button type="button" className={styles.closeButton} onClick={onClose} aria-label={t('close')}>
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
      </div>
      <video ref={video} className={styles.replayVideo} src={replay.url} controls autoPlay playsInline preload="metadata" aria-label={t('videoLabel', { title: replay.title || replay.nick_name })} />
      {replay.match ? <ReplayMoments replayId={replay.id} duration={replay.duration} match={replay.match} video={video} /> : null}
      <p className={styles.replayMeta}>
        {replay.nick_name} · {formatDuration(replay.duration)}
      </p>
    </DialogFrame>
  );
}
