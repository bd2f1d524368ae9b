// A team's badge drawn from its colours and code (the data has no logos). Decorative: the name sits beside it.
import { contrastRatio } from '@/lib/format/color';
import type { TeamRef } from '@/lib/server/matches/queries';
import styles from './team-crest.module.css';

const lightText = '#ffffff';
const darkText = '#0b0f17';

/** White or dark text, whichever reads better on the team's colour. */
function textOn(background: string): string {
  return contrastRatio(lightText, background) >= contrastRatio(darkText, background) ? lightText : darkText;
}

const validColor = (value: string | null) => (value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : null);

export function TeamCrest({ team, size = 'md' }: { team: Pick<TeamRef, 'code' | 'primaryColor' | 'secondaryColor'>; size?: 'sm' | 'md' | 'lg' }) {
  const primary = validColor(team.primaryColor);
  const secondary = validColor(team.secondaryColor) ?? primary;
  return (
    <span
      className={`${styles.crest} ${styles[size]}`}
      style={primary ? { background: primary, color: textOn(primary), boxShadow: `inset 0 0 0 2px ${secondary}` } : undefined}
      aria-hidden="true"
    >
      {team.code ?? '?'}
    </span>
  );
}
