import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { RoutePage, routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('game');

export default async function GamePage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  return <RoutePage name="game" locale={locale} />;
}
