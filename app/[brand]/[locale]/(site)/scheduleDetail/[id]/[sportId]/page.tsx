// Match centre (spec §2.2 /scheduleDetail/{id}/{sportId}): the match as it stands, rendered on the
// server for crawlers, then followed live in the browser. Cached per brand and language: 5 minutes once
// finished, a minute for a fixture far off, 10 seconds around kick-off and while live (the data reader
// it uses lowers this page's revalidate to its own lifetime).
import type { Metadata } from 'next';
import { notFound, permanentRedirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { MatchDetailView } from '@/components/matches/match-detail-view';
import { matchSeoText } from '@/components/matches/match-seo';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { pageMetadata } from '@/lib/seo/metadata';
import { readMatchDetail, readMatchPage } from '@/lib/server/public-pages/match-pages';
import { hideMatchPageResults } from '@/lib/server/public-pages/spoiler-free';
import { hasResult, hideMatchScore } from '@/lib/spoilers';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): each match renders on its first request. */
export function generateStaticParams(): Params[] {
  return [];
}

type Params = LocaleParams & { id: string; sportId: string };

async function loadMatch(params: Promise<Params>) {
  const context = await resolvePageContext(params);
  const { id, sportId } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const match = await readMatchDetail(Number(id), context.locale);
  if (!match) notFound();
  // The sport is part of the address; a wrong one is sent to the right address for good.
  if (sportId !== String(match.sportId)) permanentRedirect(match.path);
  return { ...context, match };
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { brand, brandName, locale, match, spoilerFree } = await loadMatch(params);
  // The spoiler-free page's title names the match only (its tab would tell the score); crawlers never get this page.
  const text = await matchSeoText(spoilerFree ? hideMatchScore(match) : match, locale, brandName);
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: match.path,
    title: text.metaTitle,
    description: text.description,
    image: { url: `/covers/match/${match.id}.svg`, width: 1200, height: 675, alt: text.name },
  });
}

export default async function MatchDetailPage({ params }: { params: Promise<Params> }) {
  const { brand, brandName, locale, match, spoilerFree } = await loadMatch(params);
  const t = await getTranslations({ locale, namespace: 'matchCentre' });
  const data = await readMatchPage(match, brand.id, locale);
  // Spoiler-free (lib/spoilers.ts): a match that has begun shows no score, events, statistics or reports. A fixture
  // shows as it is (line-ups, the preview), and proxy.ts serves the full page once the visitor reveals the match.
  const hidden = spoilerFree && hasResult(match.status);
  return (
    <MatchDetailView
      brand={brand}
      brandName={brandName}
      locale={locale}
      data={hidden ? await hideMatchPageResults(data, locale) : data}
      spoilerFree={hidden}
      breadcrumbLabel={t('breadcrumbLabel')}
    />
  );
}
