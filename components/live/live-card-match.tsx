'use client';
// A live card's match line (teams, score, clock), kept current inside the lists' live island (ListLive); on a
// spoiler-free page (lib/spoilers.ts) the score and clock stay hidden until the visitor reveals the match.
import { HiddenScoreMark, useRevealedScore } from '@/components/matches/hidden-score';
import { useLiveMatch } from '@/components/matches/list-live';
import type { MatchCard } from '@/lib/validation/matches';
import styles from './live.module.css';

export function LiveCardMatch({ match, versus }: { match: MatchCard; versus: string }) {
  const live = useLiveMatch(match.match_id);
  const { status, clock } = live ?? match;
  const hidden = (match.scoreHidden ?? false) && status !== 'upcoming';
  const revealed = useRevealedScore(match.match_id, hidden, live);
  const score = hidden ? revealed?.score : (live ?? match).score;
  return (
    <p className={styles.cardMatch}>
      <span className={styles.cardMatchTeams}>{match.home.name}</span>
      <span className={styles.cardMatchScore} data-testid={`card-score-${match.match_id}`}>
        {hidden && !revealed ? <HiddenScoreMark /> : score ? `${score.home}–${score.away}` : versus}
      </span>
      <span className={styles.cardMatchTeams}>{match.away.name}</span>
      {status === 'live' && clock && (!hidden || revealed) ? <span className={styles.cardMatchClock}>{clock}</span> : null}
    </p>
  );
}
