// Privacy policies (spec §2.2 /privacy/{id}), shown without the site header (they open inside the apps too).
// Cached per brand and language for 5 minutes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { sitePageMetadata } from '@/components/content/site-page-metadata';
import { SitePageView } from '@/components/content/site-page-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { privacyPolicyPath } from '@/lib/routes';
import { readSitePage } from '@/lib/server/public-pages/content-pages';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): each page renders on its first request. */
export function generateStaticParams(): Params[] {
  return [];
}

type Params = LocaleParams & { id: string };

async function loadPrivacy(params: Promise<Params>) {
  const context = await resolvePageContext(params);
  const { id } = await params;
  if (!/^\d{1,4}$/.test(id)) notFound();
  const page = await readSitePage('privacy', Number(id), context.brand.id, context.locale);
  if (!page) notFound();
  return { context, page, path: privacyPolicyPath(id) };
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { context, page, path } = await loadPrivacy(params);
  return sitePageMetadata(context, page, path, 'privacy');
}

export default async function PrivacyPage({ params }: { params: Promise<Params> }) {
  const { context, page } = await loadPrivacy(params);
  return <SitePageView page={page} locale={context.locale} />;
}
