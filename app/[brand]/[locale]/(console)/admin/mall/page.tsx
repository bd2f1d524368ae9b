// The mall: props, ticket packs and VIP periods the brand sells, edited in place (money: the password is asked again).
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { MallView } from '@/components/admin/mall-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadConsoleMall } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleMallPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadConsoleMall(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="mall" title={t('money.mall.heading')}>
      {page.allowed ? <MallView items={page.items} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
