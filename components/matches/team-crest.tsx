// A team's badge drawn from its colours and code (the data has no logos). Decorative: the name sits beside it.
import type { TeamRef } from '@/lib/server/matches/queries';
import styles from './team-crest.module.css';

/** Dark text on light colours, white on dark ones (WCAG relative luminance). */
function textOn(hex: string): string {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.4 ? '#0b0f17' : '#ffffff';
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
