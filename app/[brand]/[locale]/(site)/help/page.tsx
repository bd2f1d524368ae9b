// Help centre (spec §2.2 /help): the help page's text and a way to send feedback; cached for 5 minutes.
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { sitePageMetadata } from '@/components/content/site-page-metadata';
import { SitePageView } from '@/components/content/site-page-view';
import { Breadcrumbs } from '@/components/seo/breadcrumbs';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { readSitePage } from '@/lib/server/public-pages/content-pages';
import styles from '@/components/content/site-page-extras.module.css';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

async function loadHelp(params: Promise<LocaleParams>) {
  const context = await resolvePageContext(params);
  const page = await readSitePage('help', 1, context.brand.id, context.locale);
  if (!page) notFound();
  return { context, page };
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { context, page } = await loadHelp(params);
  return sitePageMetadata(context, page, siteRoutes.help, 'help');
}

export default async function HelpPage({ params }: { params: Promise<LocaleParams> }) {
  const { context, page } = await loadHelp(params);
  const { brand, locale } = context;
  const t = await getTranslations({ locale, namespace: 'articles' });
  const site = await getTranslations({ locale, namespace: 'site' });
  return (
    <SitePageView
      page={page}
      locale={locale}
      above={<Breadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} crumbs={[{ name: site('header.tabs.home'), path: siteRoutes.home }, { name: site('footer.help'), path: siteRoutes.help }]} />}
    >
      <p className={styles.next}>
        <Link href={siteRoutes.feedback} className={styles.button} prefetch={false}>
          {t('sitePage.feedbackCta')}
        </Link>
      </p>
    </SitePageView>
  );
}
