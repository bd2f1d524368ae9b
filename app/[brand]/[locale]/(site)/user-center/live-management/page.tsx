import { AnchorPage } from '@/components/anchor/anchor-page';
import { LiveManagement } from '@/components/anchor/live-management';
import type { LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('liveManagement');

export default function LiveManagementPage({ params }: { params: Promise<LocaleParams> }) {
  return <AnchorPage name="liveManagement" params={params}>{(ticketSwitch) => <LiveManagement ticketSwitch={ticketSwitch} />}</AnchorPage>;
}
