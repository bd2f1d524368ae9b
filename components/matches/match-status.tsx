// What a match's status reads like in a list or a header: the clock with a live mark while it is
// played, the result's qualifier (FT, AET, PENS) once over, the kick-off time before.
import type { Locale } from '@/lib/i18n/locales';
import type { MatchSummary } from '@/lib/validation/matches';
import { LocalTime } from '@/components/shell/local-time';
import styles from './match-status.module.css';

export type StatusFacts = Pick<MatchSummary, 'status' | 'statusLabel' | 'clock' | 'kickoffAt'>;

/** Only what the status shows: what a client island is given of a match. */
export const statusFacts = ({ status, statusLabel, clock, kickoffAt }: StatusFacts): StatusFacts => ({ status, statusLabel, clock, kickoffAt });

/** `zone`: the zone the server renders the kick-off in (the viewer's on a page rendered per request); the browser shows its own. */
export function MatchStatus({ match, locale, zone }: { match: StatusFacts; locale: Locale; zone?: string }) {
  if (match.status === 'live') {
    return (
      <span className={styles.live}>
        <span className={styles.dot} aria-hidden="true" />
        <span className={match.clock ? styles.label : undefined}>{match.statusLabel}</span>
        {match.clock ? <span className={styles.clock}>{match.clock}</span> : null}
      </span>
    );
  }
  if (match.status === 'finished') return <span className={styles.finished}>{match.clock || match.statusLabel}</span>;
  return <LocalTime className={styles.upcoming} iso={match.kickoffAt} locale={locale} format="time" zone={zone} />;
}
