import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { RoutePage, routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('mySchedule');

export default async function MySchedulePage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  return <RoutePage name="mySchedule" locale={locale} />;
}
