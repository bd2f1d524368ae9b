// User agreements (spec §2.2 /protocol/{id}/{channel}), shown without the site header (they open inside
// the apps too). The channel names who links to it; the text is the brand's. Cached for 5 minutes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { sitePageMetadata } from '@/components/content/site-page-metadata';
import { SitePageView } from '@/components/content/site-page-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { userAgreementPath } from '@/lib/routes';
import { readSitePage } from '@/lib/server/public-pages/content-pages';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): each page renders on its first request. */
export function generateStaticParams(): Params[] {
  return [];
}

type Params = LocaleParams & { id: string; channel: string };

async function loadProtocol(params: Promise<Params>) {
  const context = await resolvePageContext(params);
  const { id, channel } = await params;
  if (!/^\d{1,4}$/.test(id) || !/^[\w-]{1,40}$/.test(channel)) notFound();
  const page = await readSitePage('protocol', Number(id), context.brand.id, context.locale);
  if (!page) notFound();
  return { context, page, path: userAgreementPath(id, channel) };
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { context, page, path } = await loadProtocol(params);
  return sitePageMetadata(context, page, path, 'protocol');
}

export default async function ProtocolPage({ params }: { params: Promise<Params> }) {
  const { context, page } = await loadProtocol(params);
  return <SitePageView page={page} locale={context.locale} />;
}
