// /game (spec §2.2, opened from the header in a new window while lottery_switch is on): the games hub, rendered on
// the server; each card opens its game's page.
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { GamesHub } from '@/components/games/games-hub';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { GamepadIcon } from '@/components/shell/icons';
import { EmptyState } from '@/components/ui/empty-state';
import { readAppConfig } from '@/lib/server/public-pages/content-pages';
import { readGamesHub } from '@/lib/server/public-pages/games-page';

export const revalidate = 30;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export const generateMetadata = routeMetadata('game');

export default async function GamePage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'games.hub' });
  const open = (await readAppConfig(brand.id)).lottery_switch === 1;
  const games = open ? await readGamesHub(locale) : [];
  return (
    <PageFrame title={t('title')} lead={t('intro')}>
      {!open ? (
        <EmptyState icon={GamepadIcon} title={t('closed')} description={t('closedHint')} />
      ) : games.length === 0 ? (
        <EmptyState icon={GamepadIcon} title={t('empty')} description={t('emptyHint')} />
      ) : (
        <GamesHub games={games} locale={locale} />
      )}
    </PageFrame>
  );
}
