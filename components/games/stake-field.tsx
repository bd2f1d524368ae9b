'use client';
// The stake of a play in diamonds ("5", "12.50"), read into hundredths and checked against the table's bounds
// before it is sent (the server checks again); quick picks for the table's smallest stake and a few multiples.
import { useId } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import { classNames } from '@/components/ui/class-names';
import { siteRoutes } from '@/lib/routes';
import type { GameView } from '@/lib/validation/games';
import { useDiamonds } from './game-hooks';
import styles from './games.module.css';

/** "12.5" → 1250; undefined when it is not an amount with at most two decimals. */
export function stakeHundredths(text: string): number | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}

export function StakeField({ game, value, onChange }: { game: GameView; value: string; onChange: (text: string) => void }) {
  const t = useTranslations('games');
  const diamonds = useDiamonds();
  const id = useId();
  const stake = stakeHundredths(value);
  const wrong = value !== '' && (stake === undefined || stake < game.min_stake || stake > game.max_stake);
  const picks = [1, 5, 10, 50].map((times) => game.min_stake * times).filter((pick) => pick <= game.max_stake);
  return (
    <div className={styles.stake}>
      <label htmlFor={id} className={styles.label}>
        {t('table.stake')}
      </label>
      <input
        id={id}
        className={styles.stakeInput}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={wrong || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <ul className={styles.picks}>
        {picks.map((pick) => (
          <li key={pick}>
            <button type="button" className={classNames(styles.pick, stake === pick && styles.picked)} aria-pressed={stake === pick} onClick={() => onChange(String(pick / 100))}>
              {diamonds(pick)}
            </button>
          </li>
        ))}
      </ul>
      <p id={`${id}-hint`} className={wrong ? styles.stakeError : styles.hint}>
        {wrong ? t('errors.stakeOutOfBounds', { min: diamonds(game.min_stake), max: diamonds(game.max_stake) }) : t('table.stakeHint', { min: diamonds(game.min_stake), max: diamonds(game.max_stake) })}
      </p>
    </div>
  );
}

/** Under a stake the balance does not cover: why the button rests, and the way to more diamonds. */
export function ShortOfDiamonds() {
  const t = useTranslations('games');
  return (
    <p className={styles.hint}>
      {t('errors.noGold')}{' '}
      <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} href={siteRoutes.recharge}>
        {t('table.recharge')}
      </Link>
    </p>
  );
}
