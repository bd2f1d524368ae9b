'use client';
// The header's spoiler-free switch (lib/spoilers.ts): remembers the choice for a year on this browser, then renders
// the page again from the server, which leaves out (or brings back) every score and result.
import { useTranslations } from 'next-intl';
import { Button, type ButtonLook } from '@/components/ui/button';
import { EyeOffIcon } from '@/components/shell/icons';
import { useSpoilerChoice } from './use-spoiler-choice';
import styles from './spoilers.module.css';

export function SpoilerSwitch({ on }: { on: boolean }) {
  const t = useTranslations('shell.spoilers');
  const { pending, setMode } = useSpoilerChoice();
  return (
    <button
      type="button"
      className={styles.switch}
      aria-pressed={on}
      aria-busy={pending || undefined}
      aria-label={t('label')}
      title={on ? t('onTitle') : t('offTitle')}
      onClick={() => setMode(!on)}
    >
      <EyeOffIcon size={17} />
    </button>
  );
}

/** "Turn off spoiler-free mode", where a page says what it hides. */
export function TurnOffSpoilerFree(look: ButtonLook) {
  const t = useTranslations('shell.spoilers');
  const { pending, setMode } = useSpoilerChoice();
  return (
    <Button {...look} loading={pending} onClick={() => setMode(false)}>
      {t('turnOff')}
    </Button>
  );
}
