'use client';
// A live card's match line (teams, score, clock), kept current inside the lists' live island (ListLive).
import { useLiveMatch } from '@/components/matches/list-live';
import type { MatchCard } from '@/lib/validation/matches';
import styles from './live.module.css';

export function LiveCardMatch({ match, versus }: { match: MatchCard; versus: string }) {
  const live = useLiveMatch(match.match_id);
  const { score, status, clock } = live ?? match;
  return (
    <p className={styles.cardMatch}>
      <span className={styles.cardMatchTeams}>{match.home.name}</span>
      <span className={styles.cardMatchScore} data-testid={`card-score-${match.match_id}`}>
        {score ? `${score.home}–${score.away}` : versus}
      </span>
      <span className={styles.cardMatchTeams}>{match.away.name}</span>
      {status === 'live' && clock ? <span className={styles.cardMatchClock}>{clock}</span> : null}
    </p>
  );
}
