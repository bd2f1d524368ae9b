'use client';
// A game's table (docs/games.md): for a signed-in viewer, the balance and what is left of the day's loss limit, the
// dice guess or the board, and their plays; a visitor is asked to sign in. Every roll is made on the server; this
// only sends the choice and shows what came back.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { gameHistoryPageSize } from '@/lib/validation/games-constants';
import type { BoardSquareView, GameHistory, GamePlayRow, GamesState, GameView } from '@/lib/validation/games';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { DiceIcon } from '@/components/shell/icons';
import { useDateFormat } from '@/components/shell/local-time';
import { ShowMore } from '@/components/ui/show-more';
import { BoardTable } from './board-table';
import { DiceTable } from './dice-table';
import { gameKeys, useDiamonds } from './game-hooks';
import styles from './games.module.css';

export function GameTable({ game, squares }: { game: GameView; squares: BoardSquareView[] }) {
  const t = useTranslations('games.table');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div className={styles.tablePlaceholder} aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={DiceIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return <SignedInTable game={game} squares={squares} />;
}

function SignedInTable({ game, squares }: { game: GameView; squares: BoardSquareView[] }) {
  const state = useQuery({ queryKey: gameKeys.state, queryFn: () => api.post<GamesState>('/api/games/state', {}) });
  return (
    <div className={styles.table}>
      <QueryRows query={state}>
        {(numbers) => (
          <>
            <Numbers state={numbers} />
            {game.kind === 'dice-guess' ? <DiceTable game={game} state={numbers} /> : <BoardTable game={game} squares={squares} state={numbers} />}
          </>
        )}
      </QueryRows>
      <PlayHistory game={game} />
    </div>
  );
}

function Numbers({ state }: { state: GamesState }) {
  const t = useTranslations('games.table');
  const diamonds = useDiamonds();
  const used = state.cap > 0 ? Math.min(100, Math.max(0, (state.lost_today / state.cap) * 100)) : 100;
  return (
    <div className={styles.numbers}>
      <p className={styles.balance}>{t('balance', { amount: state.bal.gold / 100 })}</p>
      <div className={styles.limit}>
        <p>{t('limitLeft', { left: diamonds(state.left_today), cap: diamonds(state.cap) })}</p>
        <div className={styles.limitBar} role="presentation">
          <span style={{ width: `${used}%` }} />
        </div>
      </div>
    </div>
  );
}

function PlayHistory({ game }: { game: GameView }) {
  const t = useTranslations('games');
  const { dateTime } = useDateFormat();
  const diamonds = useDiamonds();
  const history = useInfiniteQuery({
    queryKey: gameKeys.history(game.slug),
    queryFn: ({ pageParam }) => api.post<GameHistory>('/api/games/history', { page: pageParam, game: game.slug }),
    initialPageParam: 1,
    getNextPageParam: (last: GameHistory, pages: GameHistory[]) => (pages.length * gameHistoryPageSize < last.total ? pages.length + 1 : undefined),
  });
  const describe = (row: GamePlayRow) =>
    row.outcome.kind === 'dice-guess'
      ? t('dice.historyRow', { dice: row.outcome.dice.join(' · '), bet: row.outcome.bet === 'total' ? `${t('dice.total')} ${row.outcome.total}` : t(`dice.${row.outcome.bet}`) })
      : t('board.historyRow', { roll: row.outcome.roll, to: row.outcome.to + 1 });
  return (
    <section aria-labelledby={`history-${game.slug}`}>
      <h2 id={`history-${game.slug}`} className={styles.subtitle}>
        {t('table.history')}
      </h2>
      <QueryRows query={history}>
        {({ pages }) => {
          const plays = pages.flatMap((page) => page.list);
          if (plays.length === 0) return <p className={styles.hint}>{t('table.noPlays')}</p>;
          return (
            <>
              <ul className={styles.history}>
                {plays.map((row) => {
                  const net = row.payout - row.stake;
                  return (
                    <li key={row.play_id} className={styles.historyRow}>
                      <span>{describe(row)}</span>
                      <span className={styles.net} data-sign={net > 0 ? 'up' : net < 0 ? 'down' : 'even'}>
                        {net > 0 ? '+' : ''}
                        {diamonds(net)}
                      </span>
                      <time dateTime={new Date(row.created_at).toISOString()}>{dateTime(new Date(row.created_at))}</time>
                    </li>
                  );
                })}
              </ul>
              <ShowMore query={history} label={t('table.more')} />
            </>
          );
        }}
      </QueryRows>
    </section>
  );
}
