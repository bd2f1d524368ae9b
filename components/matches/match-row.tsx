// One match in a list (schedule, search, World Cup, home): time or clock, the two teams, the score.
import type { ReactNode } from 'react';
import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchSummary } from '@/lib/validation/matches';
import { HiddenScore } from './hidden-score';
import { LiveMatchStatus, LiveScoreline } from './list-live';
import { MatchStatus, statusFacts } from './match-status';
import { Scoreline } from './scoreline';
import { LocalTime } from '@/components/shell/local-time';
import { TeamCrest } from '@/components/teams/team-crest';
import styles from './match-row.module.css';

type MatchRowProps = {
  match: MatchSummary;
  locale: Locale;
  /** Shows the competition's short name before the round. */
  showCompetition?: boolean;
  /** Shows the match day under the status, for lists that span several days. */
  showDate?: boolean;
  /** Narrow lists (a World Cup group): no round column, a narrower status column. */
  compact?: boolean;
  /** Inside the lists' live island (ListLive): the score and clock move with the match. */
  follow?: boolean;
  /** The zone the server renders times in (the viewer's on a page rendered per request). */
  zone?: string;
  /** A control beside the row's link (the schedule's Book button): a button cannot sit inside a link. */
  action?: ReactNode;
};

export function MatchRow({ match, locale, showCompetition = false, showDate = false, compact = false, follow = false, zone, action }: MatchRowProps) {
  // The round ("Group A · Matchday 3"), after the competition in lists that mix competitions.
  const context = showCompetition ? `${match.competition.shortName} · ${match.roundLabel}` : match.roundLabel;
  const row = (
    <Link href={match.path} className={`${styles.row} ${compact ? styles.compact : ''} ${match.status === 'live' ? styles.isLive : ''}`} prefetch={false}>
      <span className={styles.status}>
        {follow ? (
          <LiveMatchStatus matchId={match.id} match={statusFacts(match)} locale={locale} hidden={match.scoreHidden} />
        ) : (
          <MatchStatus match={match} locale={locale} zone={zone} />
        )}
        {showDate && match.status !== 'live' ? <LocalTime className={styles.date} iso={match.kickoffAt} locale={locale} format="shortDate" zone={zone} /> : null}
      </span>
      <span className={styles.teams}>
        <span className={`${styles.team} ${styles.home}`}>
          <span className={styles.name}>{match.home.name}</span>
          <TeamCrest team={match.home} size="sm" />
        </span>
        {follow ? (
          <LiveScoreline matchId={match.id} score={match.score} penalties={match.penalties} status={match.status} hidden={match.scoreHidden} />
        ) : match.scoreHidden && match.status !== 'upcoming' ? (
          <HiddenScore matchId={match.id} />
        ) : (
          <Scoreline score={match.score} penalties={match.penalties} />
        )}
        <span className={`${styles.team} ${styles.away}`}>
          <TeamCrest team={match.away} size="sm" />
          <span className={styles.name}>{match.away.name}</span>
        </span>
      </span>
      {compact ? null : <span className={styles.context}>{context}</span>}
    </Link>
  );
  if (!action) return row;
  return (
    <div className={styles.withAction}>
      {row}
      <span className={styles.action}>{action}</span>
    </div>
  );
}
