import { AnchorPage } from '@/components/anchor/anchor-page';
import { StreamSettings } from '@/components/anchor/stream-settings';
import type { LocaleParams } from '@/components/shell/page-context';
import { routeMetadata } from '@/components/shell/route-page';

export const generateMetadata = routeMetadata('liveRoomSettings');

export default function LiveRoomSettingsPage({ params }: { params: Promise<LocaleParams> }) {
  return <AnchorPage name="liveRoomSettings" params={params}>{() => <StreamSettings />}</AnchorPage>;
}
