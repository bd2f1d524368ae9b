import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { RoutePage, routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('myWallet');

export default async function MyWalletPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  return <RoutePage name="myWallet" locale={locale} />;
}
