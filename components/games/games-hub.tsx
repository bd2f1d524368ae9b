// The games hub (/game): a card per open game with its kind, summary and stakes, opening its page
// (/gameDetail/{slug}). Rendered on the server.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { DiceIcon, GamepadIcon } from '@/components/shell/icons';
import { buttonClass } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatBalance } from '@/components/user/user-numbers';
import type { Locale } from '@/lib/i18n/locales';
import { gameDetailPath } from '@/lib/routes';
import type { GameView } from '@/lib/validation/games';
import styles from './games.module.css';

export async function GamesHub({ games, locale }: { games: GameView[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'games.hub' });
  return (
    <ul className={styles.hub}>
      {games.map((game) => {
        const Icon = game.kind === 'dice-guess' ? DiceIcon : GamepadIcon;
        return (
          <Card as="li" key={game.slug} className={styles.card}>
            <div className={styles.cardHead}>
              <span className={styles.cardIcon}>
                <Icon size={24} />
              </span>
              <div>
                <h2 className={styles.cardName}>{game.name}</h2>
                <p className={styles.cardKind}>{t(game.kind === 'dice-guess' ? 'kinds.diceGuess' : 'kinds.board')}</p>
              </div>
            </div>
            <p className={styles.cardSummary}>{game.summary}</p>
            <div className={styles.cardFoot}>
              <span>{t('stakes', { min: formatBalance(game.min_stake, locale), max: formatBalance(game.max_stake, locale) })}</span>
              <Link className={buttonClass({ size: 'sm' })} href={gameDetailPath(game.slug)} aria-label={`${t('play')}: ${game.name}`}>
                {t('play')}
              </Link>
            </div>
          </Card>
        );
      })}
    </ul>
  );
}
