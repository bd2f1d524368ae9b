// Download (spec §2.2 /download): how to get the app, with a QR code of the mobile site's download page
// (the brand's h5_domain, else this site). Cached per brand and language for 5 minutes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { DownloadQr } from '@/components/content/download-qr';
import { sitePageMetadata } from '@/components/content/site-page-metadata';
import { SitePageView } from '@/components/content/site-page-view';
import { Breadcrumbs } from '@/components/seo/breadcrumbs';
import { downloadPageUrl } from '@/components/shell/download-links';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { siteOrigin } from '@/lib/seo/site-url';
import { readAppConfig, readSitePage } from '@/lib/server/public-pages/content-pages';
import styles from '@/components/content/download.module.css';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

async function loadDownload(params: Promise<LocaleParams>) {
  const context = await resolvePageContext(params);
  const page = await readSitePage('download', 1, context.brand.id, context.locale);
  if (!page) notFound();
  return { context, page };
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { context, page } = await loadDownload(params);
  return sitePageMetadata(context, page, siteRoutes.download, 'download');
}

export default async function DownloadPage({ params }: { params: Promise<LocaleParams> }) {
  const { context, page } = await loadDownload(params);
  const { brand, locale } = context;
  const t = await getTranslations({ locale, namespace: 'articles' });
  const site = await getTranslations({ locale, namespace: 'site.header.tabs' });
  const config = await readAppConfig(brand.id);
  const target = downloadPageUrl(config.h5_domain, siteOrigin(brand));
  return (
    <SitePageView
      page={page}
      locale={locale}
      above={<Breadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} crumbs={[{ name: site('home'), path: siteRoutes.home }, { name: page.title, path: siteRoutes.download }]} />}
    >
      <section className={styles.qr} aria-label={t('download.qrLabel')}>
        <div className={styles.code}>
          <DownloadQr value={target} label={t('download.qrLabel')} />
        </div>
        <div className={styles.text}>
          <p className={styles.scan}>{t('download.scan')}</p>
          <p className={styles.hint}>{t('download.orOpen')}</p>
          <a href={target} className={styles.url}>
            {target}
          </a>
        </div>
      </section>
    </SitePageView>
  );
}
