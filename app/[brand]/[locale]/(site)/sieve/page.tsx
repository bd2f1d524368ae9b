// /sieve (spec §2.2): the dice guess, the first open game of that kind in the hub's order.
import { GameRoute } from '@/components/games/game-route';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { readAppConfig } from '@/lib/server/public-pages/content-pages';
import { readGamePage } from '@/lib/server/public-pages/games-page';

export const revalidate = 30;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export const generateMetadata = routeMetadata('sieve');

export default async function SievePage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const open = (await readAppConfig(brand.id)).lottery_switch === 1;
  return <GameRoute open={open} data={open ? await readGamePage({ kind: 'dice-guess' }, locale) : null} locale={locale} params={params} />;
}
