import { AnchorPage } from '@/components/anchor/anchor-page';
import { ApplyAnchor } from '@/components/anchor/apply-anchor';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { readAppConfig } from '@/lib/server/public-pages/content-pages';

export const generateMetadata = routeMetadata('applyAnchor');

export default async function ApplyAnchorPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const { ticket_switch } = await readAppConfig(brand.id);
  return (
    <AnchorPage name="applyAnchor" locale={locale}>
      <ApplyAnchor ticketSwitch={ticket_switch} />
    </AnchorPage>
  );
}
