import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { RoutePage, routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('teamInfo');

export default async function TeamInfoPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  return <RoutePage name="teamInfo" locale={locale} />;
}
