// Room managers: every appointment in the brand; appoint one to any anchor's room, or remove one.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { RoomManagersView } from '@/components/admin/room-managers-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadRoomManagers } from '@/lib/server/public-pages/admin-pages';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ConsoleRoomManagersPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: SearchParams }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadRoomManagers(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="roomManagers" title={t('roomManagers.heading')}>
      {page.allowed ? <RoomManagersView managers={page.managers} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
