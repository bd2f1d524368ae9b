import { AnchorPage } from '@/components/anchor/anchor-page';
import { StreamSettings } from '@/components/anchor/stream-settings';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('liveRoomSettings');

export default async function LiveRoomSettingsPage({ params }: { params: Promise<LocaleParams> }) {
  const { locale } = await resolvePageContext(params);
  return (
    <AnchorPage name="liveRoomSettings" locale={locale}>
      <StreamSettings />
    </AnchorPage>
  );
}
