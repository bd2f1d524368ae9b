// Where a spoiler-free page (lib/spoilers.ts) leaves something out, it says so, and offers to show it: this match's
// score and events (for good), a report or a page's tables (this time), or to turn the mode off.
import { useTranslations } from 'next-intl';
import { EyeOffIcon } from '@/components/shell/icons';
import { RevealButton } from './reveal-button';
import { TurnOffSpoilerFree } from './spoiler-switch';
import styles from './spoilers.module.css';

type SpoilerShieldProps =
  | { kind: 'match'; matchId: number }
  | { kind: 'report'; matchId: number | null }
  | { kind: 'tables' };

const texts = {
  match: { title: 'matchTitle', text: 'matchText', reveal: 'reveal' },
  report: { title: 'reportShieldTitle', text: 'reportShieldText', reveal: 'revealReport' },
  tables: { title: 'tablesTitle', text: 'tablesText', reveal: 'revealTables' },
} as const;

export function SpoilerShield(props: SpoilerShieldProps) {
  const t = useTranslations('shell.spoilers');
  const text = texts[props.kind];
  const matchId = props.kind === 'tables' ? undefined : (props.matchId ?? undefined);
  return (
    <section className={styles.shield} aria-labelledby={`spoiler-shield-${props.kind}`} data-testid="spoiler-shield">
      <span className={styles.shieldIcon} aria-hidden="true">
        <EyeOffIcon size={24} />
      </span>
      <h2 id={`spoiler-shield-${props.kind}`} className={styles.shieldTitle}>
        {t(text.title)}
      </h2>
      <p className={styles.shieldText}>{t(text.text)}</p>
      <div className={styles.shieldActions}>
        <RevealButton matchId={matchId} once={props.kind !== 'match'} size="sm">
          {t(text.reveal)}
        </RevealButton>
        <TurnOffSpoilerFree variant="outline" size="sm" />
      </div>
    </section>
  );
}
