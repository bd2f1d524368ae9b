import 'server-only';
// What the three game routes share: closed while the brand's lottery_switch is off, an empty state when no game
// is open there, and otherwise the game's page.
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { GamepadIcon } from '@/components/shell/icons';
import type { LocaleParams } from '@/components/shell/page-context';
import { EmptyState } from '@/components/ui/empty-state';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { BoardSquareView, DiceOdds, GameView } from '@/lib/validation/games';
import { GameScreen } from './game-screen';

type GameRouteProps = { open: boolean; data: { game: GameView; odds: DiceOdds; squares: BoardSquareView[] } | null; locale: Locale; params: Promise<LocaleParams> };

export async function GameRoute({ open, data, locale, params }: GameRouteProps) {
  const t = await getTranslations({ locale, namespace: 'games.hub' });
  if (open && data) return <GameScreen {...data} locale={locale} params={params} />;
  return (
    <PageFrame title={t('title')}>
      <EmptyState
        icon={GamepadIcon}
        title={open ? t('empty') : t('closed')}
        description={open ? t('emptyHint') : t('closedHint')}
        action={open ? { href: siteRoutes.game, label: t('title') } : undefined}
      />
    </PageFrame>
  );
}
