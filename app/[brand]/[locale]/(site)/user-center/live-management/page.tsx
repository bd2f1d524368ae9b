import { AnchorPage } from '@/components/anchor/anchor-page';
import { LiveManagement } from '@/components/anchor/live-management';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';
import { readAppConfig } from '@/lib/server/public-pages/content-pages';
import { liveSummaryInput } from '@/lib/validation/anchor-studio';

export const generateMetadata = routeMetadata('liveManagement');

type LiveManagementProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?ended=<live id>`: End live came here, and that live's summary shows on top. */
export default async function LiveManagementPage({ params, searchParams }: LiveManagementProps) {
  const { brand, locale } = await resolvePageContext(params);
  const ended = liveSummaryInput.safeParse({ live_id: (await searchParams).ended });
  const { ticket_switch } = await readAppConfig(brand.id);
  return (
    <AnchorPage name="liveManagement" locale={locale}>
      <LiveManagement ticketSwitch={ticket_switch} endedLiveId={ended.success ? ended.data.live_id : undefined} />
    </AnchorPage>
  );
}
