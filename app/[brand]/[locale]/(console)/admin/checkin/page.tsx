// The check-in rewards: the 7-day cycle the brand's check-ins give, each day edited in place (money: the password is asked again).
import { getTranslations } from 'next-intl/server';
import { CheckinRewardsView } from '@/components/admin/checkin-rewards-view';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleCheckin } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleCheckinPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadConsoleCheckin(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="checkin" title={t('money.checkin.heading')}>
      {page.allowed ? <CheckinRewardsView table={page.table} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
