// The gift catalogue: every gift the brand's rooms offer, edited in place (money: the password is asked again).
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { GiftsView } from '@/components/admin/gifts-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleGifts } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleGiftsPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadConsoleGifts(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="gifts" title={t('money.gifts.heading')}>
      {page.allowed ? <GiftsView gifts={page.gifts} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
