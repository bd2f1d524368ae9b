'use client';
// A replay's match under its video: the score as the recording stands at the playhead (it moves when the viewer seeks),
// the goals, cards and substitutions marked along the recording's length, and the same moments as buttons that jump
// there (a few seconds early, to see the build-up). The moments come from the match feed, placed on the recording's own
// clock by the server (lib/server/replays/queries.ts getReplayEvents).
import { useEffect, useState, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRevealed, revealMatch } from '@/components/spoilers/revealed-matches';
import { api } from '@/lib/http';
import { replayScoreAt, type ReplayEvents, type ReplayItem } from '@/lib/validation/live';
import styles from './replay-moments.module.css';

type Moment = ReplayEvents['events'][number];
type MomentKind = 'goal' | 'yellow' | 'red' | 'substitution';

/** The kinds a viewer looks for on a seek bar; periods and shoot-out kicks only move the score. */
const shownKinds: Partial<Record<Moment['kind'], MomentKind>> = {
  goal: 'goal',
  penalty_goal: 'goal',
  own_goal: 'goal',
  yellow: 'yellow',
  second_yellow: 'red',
  red: 'red',
  substitution: 'substitution',
};

/** Seconds shown before a moment when jumping to it. */
const leadSeconds = 5;

/** The video's playhead, followed as it plays and when it is moved. */
function usePlayhead(video: RefObject<HTMLVideoElement | null>): number {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const update = () => setSeconds(element.currentTime);
    element.addEventListener('timeupdate', update);
    element.addEventListener('seeked', update);
    return () => {
      element.removeEventListener('timeupdate', update);
      element.removeEventListener('seeked', update);
    };
  }, [video]);
  return seconds;
}

/** A spoiler-free visitor who watched the recording to its end has seen the match (lib/spoilers.ts). */
function useWatchedToTheEnd(video: RefObject<HTMLVideoElement | null>, matchId: number, hidden: boolean): void {
  useEffect(() => {
    const element = video.current;
    if (!element || !hidden) return;
    const ended = () => revealMatch(matchId);
    element.addEventListener('ended', ended);
    return () => element.removeEventListener('ended', ended);
  }, [video, matchId, hidden]);
}

function clock(moment: Moment): string {
  return moment.stoppage > 0 ? `${moment.minute}+${moment.stoppage}'` : `${moment.minute}'`;
}

type ReplayMomentsProps = { replayId: number; duration: number; match: NonNullable<ReplayItem['match']>; video: RefObject<HTMLVideoElement | null> };

export function ReplayMoments({ replayId, duration, match, video }: ReplayMomentsProps) {
  const t = useTranslations('player.replays');
  const events = useQuery({
    queryKey: ['replay-events', replayId],
    queryFn: () => api.post<ReplayEvents>('/api/live/getReplayEvents', { replay_id: replayId }),
    staleTime: Infinity,
  });
  const playhead = usePlayhead(video);
  // Spoiler-free (lib/spoilers.ts): only the moments the recording has shown, until the match is revealed or watched.
  const revealed = useRevealed(match.match_id);
  const hidden = (match.scoreHidden ?? false) && !revealed;
  useWatchedToTheEnd(video, match.match_id, hidden);
  if (!events.data) return null;
  const { home, away } = match;
  const score = replayScoreAt(events.data, playhead);
  const moments = events.data.events.flatMap((event) => {
    const kind = shownKinds[event.kind];
    return kind && (!hidden || event.offset <= playhead) ? [{ event, kind }] : [];
  });
  const label = ({ event, kind }: { event: Moment; kind: MomentKind }) => {
    const team = event.side === 'home' ? home.name : event.side === 'away' ? away.name : '';
    const who = event.player ?? team;
    if (kind === 'goal' && event.home_score !== null && event.away_score !== null) {
      return t('moments.goal', { clock: clock(event), player: who, home: event.home_score, away: event.away_score });
    }
    if (kind === 'substitution') return t('moments.substitution', { clock: clock(event), player: who, off: event.related_player ?? '' });
    return t(`moments.${kind}`, { clock: clock(event), player: who });
  };
  const jump = (event: Moment) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = Math.max(0, event.offset - leadSeconds);
    void element.play().catch(() => undefined);
  };
  const length = duration || 1;

  return (
    <section className={styles.moments} aria-label={t('moments.title')}>
      <p className={styles.score}>
        <span className={styles.team}>{home.name}</span>
        <span className={styles.scoreline} data-testid="replay-score">
          {score ? `${score.home} – ${score.away}` : t('versus')}
        </span>
        <span className={styles.team}>{away.name}</span>
        {score ? <span className={styles.scoreNote}>{t('moments.scoreNote')}</span> : null}
      </p>
      {moments.length > 0 ? (
        <>
          <div className={styles.track} aria-hidden="true">
            <span className={styles.progress} style={{ width: `${Math.min(100, (playhead / length) * 100)}%` }} />
            {moments.map(({ event, kind }) => (
              <span key={event.seq} className={`${styles.mark} ${styles[kind]}`} style={{ left: `${Math.min(100, (event.offset / length) * 100)}%` }} />
            ))}
          </div>
          <ol className={styles.list}>
            {moments.map((moment) => (
              <li key={moment.event.seq}>
                <button type="button" className={styles.moment} onClick={() => jump(moment.event)} aria-current={moment.event.offset <= playhead && playhead < moment.event.offset + 30 ? 'true' : undefined}>
                  <span className={`${styles.icon} ${styles[moment.kind]}`} aria-hidden="true" />
                  {label(moment)}
                </button>
              </li>
            ))}
          </ol>
        </>
      ) : (
        <p className={styles.none}>{t(hidden ? 'moments.noneYet' : 'moments.none')}</p>
      )}
    </section>
  );
}
