// The maintenance notice every brand's visitors are shown: the current one, a new one to replace it, or none.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { MaintenanceView } from '@/components/admin/maintenance-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleMaintenance } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleMaintenancePage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadConsoleMaintenance(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="maintenance" title={t('maintenance.heading')}>
      {page.allowed ? <MaintenanceView notice={page.notice} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
