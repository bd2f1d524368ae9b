// Replays: every replay, hidden ones included; hide, show again or delete.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { ReplaysView } from '@/components/admin/replays-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadReplays } from '@/lib/server/public-pages/admin-pages';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ConsoleReplaysPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: SearchParams }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadReplays(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="replays" title={t('replays.heading')}>
      {page.allowed ? <ReplaysView replays={page.replays} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
