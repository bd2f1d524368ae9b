// About pages (spec §2.2 /about/{id}); /about/3 is the feedback page, its text followed by the form that
// stores feedback. Cached per brand and language for 5 minutes (the form is a client island).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { FeedbackForm } from '@/components/content/feedback-form';
import { feedbackFormTexts } from '@/components/content/feedback-texts';
import { sitePageMetadata } from '@/components/content/site-page-metadata';
import { SitePageView } from '@/components/content/site-page-view';
import { Breadcrumbs } from '@/components/seo/breadcrumbs';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { aboutPagePath, siteRoutes } from '@/lib/routes';
import { readSitePage } from '@/lib/server/public-pages/content-pages';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): each page renders on its first request. */
export function generateStaticParams(): Params[] {
  return [];
}

type Params = LocaleParams & { id: string };

const feedbackPage = 3;

async function loadAbout(params: Promise<Params>) {
  const context = await resolvePageContext(params);
  const { id } = await params;
  if (!/^\d{1,4}$/.test(id)) notFound();
  const page = await readSitePage('about', Number(id), context.brand.id, context.locale);
  if (!page) notFound();
  return { context, page, number: Number(id) };
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { context, page, number } = await loadAbout(params);
  return sitePageMetadata(context, page, aboutPagePath(number), 'about');
}

export default async function AboutPage({ params }: { params: Promise<Params> }) {
  const { context, page, number } = await loadAbout(params);
  const { brand, locale } = context;
  const t = await getTranslations({ locale, namespace: 'articles' });
  const site = await getTranslations({ locale, namespace: 'site.header.tabs' });
  return (
    <SitePageView
      page={page}
      locale={locale}
      above={<Breadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} crumbs={[{ name: site('home'), path: siteRoutes.home }, { name: page.title, path: aboutPagePath(number) }]} />}
    >
      {number === feedbackPage ? <FeedbackForm texts={await feedbackFormTexts(locale)} /> : null}
    </SitePageView>
  );
}
