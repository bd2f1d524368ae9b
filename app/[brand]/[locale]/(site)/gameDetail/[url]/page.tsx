import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { RoutePage, routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('gameDetail');

export default async function GameDetailPage({ params }: { params: Promise<LocaleParams & { url: string }> }) {
  const { locale } = await resolvePageContext(params);
  return <RoutePage name="gameDetail" locale={locale} />;
}
