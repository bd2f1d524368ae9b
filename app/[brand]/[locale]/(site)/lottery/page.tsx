import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { RoutePage, routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('lottery');

export default async function LotteryPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  return <RoutePage name="lottery" locale={locale} />;
}
