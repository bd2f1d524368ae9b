// The operator's qualifications (spec §2.2 /certificate2), a site page edited per brand in the console
// (docs/admin.md, "Site pages"); it links to the licences. Cached per brand and language for 5 minutes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CertificatePage } from '@/components/content/certificate-page';
import { sitePageMetadata } from '@/components/content/site-page-metadata';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { readSitePage } from '@/lib/server/public-pages/content-pages';

export const revalidate = 300;

async function loadCertificate(params: Promise<LocaleParams>) {
  const context = await resolvePageContext(params);
  const page = await readSitePage('certificate', 2, context.brand.id, context.locale);
  if (!page) notFound();
  return { context, page };
}

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { context, page } = await loadCertificate(params);
  return sitePageMetadata(context, page, siteRoutes.certificate2, 'certificate');
}

export default async function Certificate2Page({ params }: { params: Promise<LocaleParams> }) {
  return <CertificatePage {...(await loadCertificate(params))} number={2} />;
}
