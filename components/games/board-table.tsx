'use client';
// The dice board (/monopoly): 20 squares round the edge of a 6×6 grid, the viewer's token on its square, and in
// the middle the way to pay (diamonds or a lottery chance), the die and what the square paid. From the token's
// square the page says what a roll returns on average (the server's figure).
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { lotteryChanceItemType } from '@/lib/validation/checkin-constants';
import type { BoardPayment } from '@/lib/validation/games-constants';
import { ticketItemType } from '@/lib/validation/live-constants';
import type { BoardSquareView, GamePlayReply, GamesState, GameView } from '@/lib/validation/games';
import { Button } from '@/components/ui/button';
import { classNames } from '@/components/ui/class-names';
import { useToast } from '@/stores/toast-store';
import { DieFace } from './die-face';
import { useDiamonds, usePlayed } from './game-hooks';
import { ShortOfDiamonds, StakeField, stakeHundredths } from './stake-field';
import styles from './games.module.css';

/** Grid row and column (1-based, 6×6) of each of the 20 squares, clockwise from the top-left corner. */
function squareCell(index: number): { row: number; column: number } {
  if (index < 6) return { row: 1, column: index + 1 };
  if (index < 10) return { row: index - 4, column: 6 };
  if (index < 16) return { row: 6, column: 6 - (index - 10) };
  return { row: 6 - (index - 15), column: 1 };
}

/** What a square gives, in words: "×1.5", "Lottery chance", "Empty". */
function useSquareLabel(): (square: BoardSquareView) => string {
  const t = useTranslations('games.board');
  return (square) =>
    square.kind === 'gold'
      ? t('times', { times: (square.tenths ?? 0) / 10 })
      : square.kind === 'item'
        ? square.item_type === lotteryChanceItemType
          ? t('chanceItem')
          : square.item_type === ticketItemType
            ? t('ticketItem')
            : t('item', { type: square.item_type ?? 0 })
      : t('nothing');
}

export function BoardTable({ game, squares, state }: { game: GameView; squares: BoardSquareView[]; state: GamesState }) {
  const t = useTranslations('games');
  const toast = useToast();
  const diamonds = useDiamonds();
  const played = usePlayed(game.slug);
  const label = useSquareLabel();
  const [pay, setPay] = useState<BoardPayment>(state.chances > 0 ? 'chance' : 'gold');
  const [stakeText, setStakeText] = useState(String(game.min_stake / 100));
  const [last, setLast] = useState<GamePlayReply['play'] | null>(null);
  const stake = stakeHundredths(stakeText);
  const stakeOk = pay === 'chance' ? state.chances > 0 : stake !== undefined && stake >= game.min_stake && stake <= game.max_stake;
  const short = pay === 'gold' && stakeOk && state.bal.gold < (stake ?? 0);
  const roll = useMutation({
    mutationFn: () => api.post<GamePlayReply>('/api/games/boardRoll', { game: game.slug, pay, stake: pay === 'gold' ? stake : undefined, idempotency_key: crypto.randomUUID() }),
    onSuccess: (reply) => {
      setLast(reply.play);
      played(reply);
    },
    onError: (failure) => toast(errorText(failure, t('table.failed')), 'error'),
  });
  const outcome = last?.outcome.kind === 'board' ? last.outcome : null;
  const won = last ? (last.payout > 0 ? t('table.won', { amount: last.payout / 100 }) : null) : null;
  const wonItem = last?.prize ? t('table.wonItem', { item: label({ kind: 'item', item_type: last.prize.item_type, count: last.prize.count }) }) : null;
  return (
    <section className={styles.boardLayout} aria-label={game.name}>
      <div className={styles.board}>
        <ol className={styles.squares}>
          {squares.map((square, index) => {
            const cell = squareCell(index);
            const here = index === state.position;
            return (
              <li
                key={index}
                className={classNames(styles.square, here && styles.here)}
                data-kind={square.kind}
                style={{ gridRow: cell.row, gridColumn: cell.column }}
                aria-current={here ? 'location' : undefined}
                aria-label={t('board.square', { number: index + 1, prize: label(square) }) + (here ? ` · ${t('board.youAreHere')}` : '')}
              >
                <span className={styles.squareNumber}>{index === 0 ? t('board.start') : index + 1}</span>
                <span className={styles.squarePrize}>{label(square)}</span>
                {here ? <span className={styles.token} aria-hidden="true" /> : null}
              </li>
            );
          })}
        </ol>
        <div className={styles.boardCentre}>
          <DieFace value={outcome?.roll ?? 6} rolling={roll.isPending} />
          {outcome ? (
            <div className={styles.result} data-won={(last?.payout ?? 0) > 0 || Boolean(last?.prize) || undefined} role="status">
              <p>{t('board.rolled', { roll: outcome.roll, from: outcome.from + 1, to: outcome.to + 1 })}</p>
              <p className={styles.resultLine}>{[won, wonItem].filter(Boolean).join(' · ') || t('table.lost')}</p>
            </div>
          ) : null}
        </div>
      </div>
      <div className={styles.controls}>
        <fieldset className={styles.choices}>
          <legend className={styles.label}>{t('board.pay')}</legend>
          {(['gold', 'chance'] as const).map((choice) => (
            <button key={choice} type="button" className={classNames(styles.choice, pay === choice && styles.chosen)} aria-pressed={pay === choice} onClick={() => setPay(choice)}>
              <span className={styles.choiceName}>{t(choice === 'gold' ? 'board.payGold' : 'board.payChance')}</span>
              <span className={styles.choiceHint}>{choice === 'chance' ? t('board.chances', { count: state.chances }) : t('hub.stakes', { min: diamonds(game.min_stake), max: diamonds(game.max_stake) })}</span>
            </button>
          ))}
        </fieldset>
        {pay === 'gold' ? <StakeField game={game} value={stakeText} onChange={setStakeText} /> : <p className={styles.hint}>{t('board.chanceStake')}</p>}
        <Button size="lg" className={styles.rollButton} loading={roll.isPending} disabled={!stakeOk || short} onClick={() => roll.mutate()}>
          {t('board.roll')}
        </Button>
        {short ? <ShortOfDiamonds /> : null}
        <p className={styles.hint}>{t('board.expected', { percent: Math.round(state.board_return * 1000) / 10 })}</p>
      </div>
    </section>
  );
}
