// The console's dashboard.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { DashboardView } from '@/components/admin/dashboard-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadDashboard } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleDashboardPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadDashboard(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="dashboard" title={t('dashboard.heading')}>
      {page.allowed ? <DashboardView figures={page.figures} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
