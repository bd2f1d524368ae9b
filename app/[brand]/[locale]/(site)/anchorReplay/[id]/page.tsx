import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { RoutePage, routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('anchorReplay');

export default async function AnchorReplayPage({ params }: { params: Promise<LocaleParams & { id: string }> }) {
  const { locale } = await resolvePageContext(params);
  return <RoutePage name="anchorReplay" locale={locale} />;
}
