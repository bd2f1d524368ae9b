// The lottery table: the prizes the brand draws from, with their odds, edited in place (money: the password is asked again).
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { LotteryView } from '@/components/admin/lottery-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleLottery } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleLotteryPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadConsoleLottery(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="lottery" title={t('money.lottery.heading')}>
      {page.allowed ? <LotteryView table={page.table} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
