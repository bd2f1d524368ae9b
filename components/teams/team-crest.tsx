// A team's badge: a national team's flag (flag-icons, served from our origin), else a crest drawn from the club's
// colours and code (the data has no club logos). Decorative: the name sits beside it.
import { contrastRatio } from '@/lib/format/color';
import type { TeamRef } from '@/lib/validation/matches';
import styles from './team-crest.module.css';

const lightText = '#ffffff';
const darkText = '#0b0f17';

/** Drawn size in CSS pixels; the flag image asks for exactly this much, so nothing shifts when it arrives. */
const pixels = { sm: 26, md: 34, lg: 72 } as const;

/** White or dark text, whichever reads better on the team's colour. */
function textOn(background: string): string {
  return contrastRatio(lightText, background) >= contrastRatio(darkText, background) ? lightText : darkText;
}

const validColor = (value: string | null) => (value && /^#[0-9a-fA-F]{6}$/.test(value) ? value : null);

type CrestTeam = Pick<TeamRef, 'code' | 'primaryColor' | 'secondaryColor'> & Partial<Pick<TeamRef, 'flag'>>;

export function TeamCrest({ team, size = 'md' }: { team: CrestTeam; size?: keyof typeof pixels }) {
  if (team.flag) {
    return (
      // A small SVG the browser caches: next/image would only add a round trip through its optimiser.
      <img className={`${styles.crest} ${styles.flag} ${styles[size]}`} src={team.flag} width={pixels[size]} height={pixels[size]} alt="" loading="lazy" decoding="async" />
    );
  }
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
