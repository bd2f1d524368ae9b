// /gameDetail/{url} (spec §2.2): an operator-listed game opened by its slug (docs/games.md); an unknown or closed
// one is the brand's 404.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { GameRoute } from '@/components/games/game-route';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { gameDetailPath } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readAppConfig } from '@/lib/server/public-pages/content-pages';
import { readGamePage } from '@/lib/server/public-pages/games-page';
import { gameSlug } from '@/lib/validation/games';

export const revalidate = 30;

type Params = LocaleParams & { url: string };

/** Nothing is rendered at build time (no database then): each game renders on its first request. */
export function generateStaticParams(): Params[] {
  return [];
}

async function loadGame(params: Promise<Params>) {
  const context = await resolvePageContext(params);
  const { url } = await params;
  if (!gameSlug.safeParse(url).success) notFound();
  const open = (await readAppConfig(context.brand.id)).lottery_switch === 1;
  const data = await readGamePage({ slug: url }, context.locale);
  if (!data) notFound();
  return { ...context, open, data };
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { brand, brandName, locale, data } = await loadGame(params);
  return pageMetadata({ brand, brandName, locale, path: gameDetailPath(data.game.slug), title: data.game.name, description: data.game.summary });
}

export default async function GameDetailPage({ params }: { params: Promise<Params> }) {
  const { locale, open, data } = await loadGame(params);
  return <GameRoute open={open} data={data} locale={locale} params={params} />;
}
