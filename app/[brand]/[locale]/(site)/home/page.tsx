// Home (spec §2.2 /home): banners, the matches being played and the next ones, hot anchors, the latest
// news. Cached per brand and language for 10 seconds, because it shows live scores.
import type { Metadata } from 'next';
import { HomeView } from '@/components/home/home-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { hideHomeResults, readHomePage } from '@/lib/server/public-pages/home-page';
import { getTranslations } from 'next-intl/server';

export const revalidate = 10;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'matchCentre.home' });
  return pageMetadata({ brand, brandName, locale, path: siteRoutes.home, title: t('title'), description: t('description', { brand: brandName }) });
}

export default async function HomePage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale, spoilerFree } = await resolvePageContext(params);
  const data = await readHomePage(brand, locale);
  return <HomeView data={spoilerFree ? await hideHomeResults(data, locale) : data} brandName={brandName} locale={locale} />;
}
