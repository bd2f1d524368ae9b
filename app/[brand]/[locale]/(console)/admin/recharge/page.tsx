// Recharge packages: the ladder the brand's wallet page sells, edited in place, and a new package (money: the password is asked again).
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { RechargePackagesView } from '@/components/admin/recharge-packages-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleRechargePackages } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleRechargePage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadConsoleRechargePackages(brand);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="recharge" title={t('money.recharge.heading')}>
      {page.allowed ? <RechargePackagesView packages={page.packages} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
