// Site pages: help, about, legal, download pages and the licences, with the brand's own version beside the shared one.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { SitePagesView } from '@/components/admin/site-pages-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadSitePages } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleSitePagesPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadSitePages(brand, locale);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="pages" title={t('pages.heading')}>
      {page.allowed ? <SitePagesView pages={page.pages} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
