import { AnchorPage } from '@/components/anchor/anchor-page';
import { ApplyAnchor } from '@/components/anchor/apply-anchor';
import type { LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('applyAnchor');

export default function ApplyAnchorPage({ params }: { params: Promise<LocaleParams> }) {
  return <AnchorPage name="applyAnchor" params={params}>{(ticketSwitch) => <ApplyAnchor ticketSwitch={ticketSwitch} />}</AnchorPage>;
}
