// A match as a card (home page, inside the lists' live island): competition and round, both teams with their scores
// and the status, which move with the match.
import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchSummary } from '@/lib/validation/matches';
import { LiveGoals, LiveMatchStatus } from './list-live';
import { statusFacts } from './match-status';
import { TeamCrest } from '@/components/teams/team-crest';
import styles from './match-tile.module.css';

export function MatchTile({ match, locale }: { match: MatchSummary; locale: Locale }) {
  const sides = [
    { key: 'home', team: match.home, goals: match.score?.home },
    { key: 'away', team: match.away, goals: match.score?.away },
  ] as const;
  return (
    <Link href={match.path} className={`${styles.tile} ${match.status === 'live' ? styles.live : ''}`} prefetch={false}>
      <span className={styles.top}>
        <span className={styles.round}>
          {match.competition.shortName} · {match.roundLabel}
        </span>
        <LiveMatchStatus matchId={match.id} match={statusFacts(match)} locale={locale} hidden={match.scoreHidden} />
      </span>
      {sides.map(({ key, team, goals }) => (
        <span key={key} className={styles.side}>
          <TeamCrest team={team} size="sm" />
          <span className={styles.name}>{team.name}</span>
          <LiveGoals matchId={match.id} side={key} goals={goals} status={match.status} className={styles.goals} hidden={match.scoreHidden} />
        </span>
      ))}
      {match.venue ? <span className={styles.venue}>{match.venue.name}</span> : null}
    </Link>
  );
}
