import 'server-only';
// /certificate1 (licences) and /certificate2 (qualifications): site pages of kind "certificate", the brand's own when
// the operator wrote one in the console, else the shared one; each links to the other.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Breadcrumbs } from '@/components/seo/breadcrumbs';
import type { PageContext } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import type { SitePageView as SitePage } from '@/lib/validation/content';
import { SitePageView } from './site-page-view';
import styles from './site-page-extras.module.css';

type CertificateNumber = 1 | 2;

const paths = { 1: siteRoutes.certificate1, 2: siteRoutes.certificate2 } as const;

export async function CertificatePage({ context, page, number }: { context: PageContext; page: SitePage; number: CertificateNumber }) {
  const { brand, locale } = context;
  const [t, site] = await Promise.all([getTranslations({ locale, namespace: 'articles' }), getTranslations({ locale, namespace: 'site.header.tabs' })]);
  const other = number === 1 ? 2 : 1;
  return (
    <SitePageView
      page={page}
      locale={locale}
      above={<Breadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} crumbs={[{ name: site('home'), path: siteRoutes.home }, { name: page.title, path: paths[number] }]} />}
    >
      <p className={styles.next}>
        <Link href={paths[other]} className={styles.button} prefetch={false}>
          {t(`sitePage.certificateOther${number}`)}
        </Link>
      </p>
    </SitePageView>
  );
}
