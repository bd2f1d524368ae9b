// A team as a pill that opens its page: crest and name (search results, the teams directory).
import Link from 'next/link';
import { teamInfoPath } from '@/lib/routes';
import type { TeamRef } from '@/lib/validation/matches';
import { TeamCrest } from './team-crest';
import styles from './team-pill.module.css';

function TeamPill({ team }: { team: TeamRef & { id: number } }) {
  return (
    <Link href={teamInfoPath(team.id)} className={styles.pill} prefetch={false}>
      <TeamCrest team={team} size="md" />
      <span>{team.name}</span>
    </Link>
  );
}

/** Teams in a wrapping row of pills; an undecided knock-out place (no id) has no page and is left out. */
export function TeamPills({ teams }: { teams: TeamRef[] }) {
  return (
    <ul className={styles.pills}>
      {teams.flatMap((team) =>
        team.id === null ? [] : (
          <li key={team.id}>
            <TeamPill team={{ ...team, id: team.id }} />
          </li>
        ),
      )}
    </ul>
  );
}
