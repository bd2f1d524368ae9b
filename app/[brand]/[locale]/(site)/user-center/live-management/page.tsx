import { AnchorPage } from '@/components/anchor/anchor-page';
import { LiveManagement } from '@/components/anchor/live-management';
import type { LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { liveSummaryInput } from '@/lib/validation/anchor-studio';

export const generateMetadata = routeMetadata('liveManagement');

type LiveManagementProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?ended=<live id>`: End live came here, and that live's summary shows on top. */
export default async function LiveManagementPage({ params, searchParams }: LiveManagementProps) {
  const ended = liveSummaryInput.safeParse({ live_id: (await searchParams).ended });
  return (
    <AnchorPage name="liveManagement" params={params}>
      {(ticketSwitch) => <LiveManagement ticketSwitch={ticketSwitch} endedLiveId={ended.success ? ended.data.live_id : undefined} />}
    </AnchorPage>
  );
}
