// Brand settings: the brand's app-config switches, links and limits.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { SettingsView } from '@/components/admin/settings-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadBrandSettings } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleSettingsPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadBrandSettings(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="settings" title={t('settings.heading', { brand: brandName })}>
      {page.allowed ? <SettingsView settings={page.settings} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
