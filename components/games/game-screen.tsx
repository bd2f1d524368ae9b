import 'server-only';
// A game's page (/sieve, /monopoly, /gameDetail/{slug}): its name and summary, the viewer's table (a client
// island), and the rules with the exact odds, rendered on the server from the code the plays use.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { GamesIslandMessages } from '@/components/shell/live-island-messages';
import type { LocaleParams } from '@/components/shell/page-context';
import { buttonClass } from '@/components/ui/button';
import { formatBalance } from '@/components/user/user-numbers';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { DiceOdds, GameView, BoardSquareView } from '@/lib/validation/games';
import { GameTable } from './game-table';
import styles from './games.module.css';

type GameScreenProps = { game: GameView; odds: DiceOdds; squares: BoardSquareView[]; locale: Locale; params: Promise<LocaleParams> };

export async function GameScreen({ game, odds, squares, locale, params }: GameScreenProps) {
  const t = await getTranslations({ locale, namespace: 'games' });
  const amount = (hundredths: number) => formatBalance(hundredths, locale);
  return (
    <PageFrame
      title={game.name}
      lead={game.summary}
      aside={
        <Link className={buttonClass({ variant: 'secondary', size: 'sm' })} href={siteRoutes.game}>
          {t('table.otherGames')}
        </Link>
      }
    >
      <GamesIslandMessages params={params}>
        <GameTable game={game} squares={squares} />
      </GamesIslandMessages>
      <section className={styles.rules} aria-labelledby="game-rules">
        <h2 id="game-rules" className={styles.subtitle}>
          {t('hub.rules')}
        </h2>
        <p>{game.kind === 'dice-guess' ? t('detail.kindDice') : t('detail.kindBoard')}</p>
        <p>{t('hub.stakes', { min: amount(game.min_stake), max: amount(game.max_stake) })}</p>
        {game.kind === 'dice-guess' ? (
          <>
            <ul className={styles.odds}>
              {odds.map((odd) => (
                <li key={odd.bet === 'total' ? `total-${odd.total}` : odd.bet} className={styles.odd}>
                  <strong>{odd.bet === 'total' ? `${t('dice.total')} ${odd.total}` : t(`dice.${odd.bet}`)}</strong>
                  <span>{t('dice.pays', { times: (odd.per100 / 100).toFixed(2) })}</span>
                  <span className={styles.oddMeta}>{t('dice.chance', { percent: odd.chance.toFixed(2) })}</span>
                </li>
              ))}
            </ul>
            <p>{t('dice.tripleRule')}</p>
          </>
        ) : (
          <p>{t('board.chanceStake')}</p>
        )}
        <p>{t('table.fair')}</p>
        <p>{t('hub.limit')}</p>
      </section>
    </PageFrame>
  );
}
