import { AnchorCentre } from '@/components/anchor/anchor-centre';
import { AnchorPage } from '@/components/anchor/anchor-page';
import type { LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('centerAnchor');

export default function CenterAnchorPage({ params }: { params: Promise<LocaleParams> }) {
  return <AnchorPage name="centerAnchor" params={params}>{(ticketSwitch) => <AnchorCentre ticketSwitch={ticketSwitch} />}</AnchorPage>;
}
