'use client';
// The dice guess (/sieve): choose big, small or a total, a stake, and roll; the three dice the server rolled, and
// what they paid.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { diceTotals, type DiceBet } from '@/lib/validation/games-constants';
import type { GamePlayReply, GamesState, GameView } from '@/lib/validation/games';
import { Button } from '@/components/ui/button';
import { classNames } from '@/components/ui/class-names';
import { useToast } from '@/stores/toast-store';
import { DieFace } from './die-face';
import { usePlayed } from './game-hooks';
import { ShortOfDiamonds, StakeField, stakeHundredths } from './stake-field';
import styles from './games.module.css';

const totals = Array.from({ length: diceTotals.max - diceTotals.min + 1 }, (_, index) => diceTotals.min + index);

export function DiceTable({ game, state }: { game: GameView; state: GamesState }) {
  const t = useTranslations('games');
  const toast = useToast();
  const played = usePlayed(game.slug);
  const [bet, setBet] = useState<DiceBet>('big');
  const [total, setTotal] = useState(10);
  const [stakeText, setStakeText] = useState(String(game.min_stake / 100));
  const [last, setLast] = useState<GamePlayReply['play'] | null>(null);
  const stake = stakeHundredths(stakeText);
  const stakeOk = stake !== undefined && stake >= game.min_stake && stake <= game.max_stake;
  const short = stakeOk && state.bal.gold < stake;
  const roll = useMutation({
    mutationFn: () =>
      api.post<GamePlayReply>('/api/games/diceGuess', { game: game.slug, bet, total: bet === 'total' ? total : undefined, stake, idempotency_key: crypto.randomUUID() }),
    onSuccess: (reply) => {
      setLast(reply.play);
      played(reply);
    },
    onError: (failure) => toast(errorText(failure, t('table.failed')), 'error'),
  });
  const dice = last?.outcome.kind === 'dice-guess' ? last.outcome.dice : [1, 2, 3];
  const sum = dice.reduce((a, b) => a + b, 0);
  return (
    <section className={styles.stage} aria-label={game.name}>
      <div className={styles.diceRow} aria-hidden={!last || undefined}>
        {dice.map((face, index) => (
          <DieFace key={index} value={face} rolling={roll.isPending} />
        ))}
      </div>
      {last && last.outcome.kind === 'dice-guess' ? (
        <div className={styles.result} data-won={last.payout > 0 || undefined} role="status">
          <p>
            {t('dice.rolled', { dice: dice.join(' · '), sum })}
            {dice.every((face) => face === dice[0]) ? ` (${t('dice.triple')})` : ''}
          </p>
          <p className={styles.resultLine}>{last.payout > 0 ? t('table.won', { amount: last.payout / 100 }) : t('table.lost')}</p>
        </div>
      ) : null}
      <fieldset className={styles.choices}>
        <legend className={styles.label}>{t('dice.bet')}</legend>
        {(['big', 'small', 'total'] as const).map((choice) => (
          <button key={choice} type="button" className={classNames(styles.choice, bet === choice && styles.chosen)} aria-pressed={bet === choice} onClick={() => setBet(choice)}>
            <span className={styles.choiceName}>{t(`dice.${choice}`)}</span>
            <span className={styles.choiceHint}>{choice === 'total' ? `${diceTotals.min}–${diceTotals.max}` : t(`dice.${choice}Hint`)}</span>
          </button>
        ))}
      </fieldset>
      {bet === 'total' ? (
        <label className={styles.totalPick}>
          <span className={styles.label}>{t('dice.pickTotal')}</span>
          <select className={styles.select} value={total} onChange={(event) => setTotal(Number(event.target.value))}>
            {totals.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <StakeField game={game} value={stakeText} onChange={setStakeText} />
      <Button size="lg" className={styles.rollButton} loading={roll.isPending} disabled={!stakeOk || short} onClick={() => roll.mutate()}>
        {t('dice.roll')}
      </Button>
      {short ? <ShortOfDiamonds /> : null}
    </section>
  );
}
