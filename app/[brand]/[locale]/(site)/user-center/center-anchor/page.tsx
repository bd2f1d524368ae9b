import { AnchorCentre } from '@/components/anchor/anchor-centre';
import { AnchorPage } from '@/components/anchor/anchor-page';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { readAppConfig } from '@/lib/server/public-pages/content-pages';

export const generateMetadata = routeMetadata('centerAnchor');

export default async function CenterAnchorPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const { ticket_switch } = await readAppConfig(brand.id);
  return (
    <AnchorPage name="centerAnchor" locale={locale}>
      <AnchorCentre ticketSwitch={ticket_switch} />
    </AnchorPage>
  );
}
