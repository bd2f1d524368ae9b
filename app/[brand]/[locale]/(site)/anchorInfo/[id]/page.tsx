import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { RoutePage, routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('anchorInfo');

export default async function AnchorInfoPage({ params }: { params: Promise<LocaleParams & { id: string }> }) {
  const { locale } = await resolvePageContext(params);
  return <RoutePage name="anchorInfo" locale={locale} />;
}
