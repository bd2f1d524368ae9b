// World Cup (spec §2.2 /worldCup): groups with their tables, the bracket and all 64 matches. Cached per
// brand and language for 10 seconds, because it shows live scores.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { WorldCupView } from '@/components/world-cup/world-cup-view';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { worldCupCompetitionId } from '@/lib/validation/matches';
import { readCupOverview } from '@/lib/server/public-pages/match-pages';
import { hideCupResults } from '@/lib/server/public-pages/spoiler-free';

export const revalidate = 10;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'matchCentre.worldCup' });
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: siteRoutes.worldCup,
    title: t('title'),
    description: t('description', { brand: brandName }),
    image: { url: '/covers/world-cup.svg', width: 1200, height: 400, alt: t('title') },
  });
}

export default async function WorldCupPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale, spoilerFree } = await resolvePageContext(params);
  const cup = await readCupOverview(worldCupCompetitionId, locale);
  if (!cup) notFound();
  return <WorldCupView brand={brand} locale={locale} cup={spoilerFree ? hideCupResults(cup) : cup} spoilerFree={spoilerFree} now={new Date()} />;
}
