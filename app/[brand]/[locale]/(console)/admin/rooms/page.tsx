// Lives open now: end one, revoke an anchor's push key.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { RoomsView } from '@/components/admin/rooms-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadRooms } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleRoomsPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadRooms(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="rooms" title={t('rooms.heading')}>
      {page.allowed ? <RoomsView viewer={page.viewer} lives={page.lives} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
