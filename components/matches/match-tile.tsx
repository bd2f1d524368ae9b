// A match as a card (home page): competition and round, both teams with their scores, the status.
import Link from 'next/link';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchSummary } from '@/lib/server/matches/queries';
import { MatchStatus } from './match-status';
import { TeamCrest } from './team-crest';
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
        <MatchStatus match={match} locale={locale} />
      </span>
      {sides.map(({ key, team, goals }) => (
        <span key={key} className={styles.side}>
          <TeamCrest team={team} size="sm" />
          <span className={styles.name}>{team.name}</span>
          {goals !== undefined ? <span className={styles.goals}>{goals}</span> : null}
        </span>
      ))}
      {match.venue ? <span className={styles.venue}>{match.venue.name}</span> : null}
    </Link>
  );
}
