// The moderation log across rooms: bans, automatic mutes, unbans, deleted lines and announcements.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { ModerationLogView } from '@/components/admin/moderation-log-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadModerationLog } from '@/lib/server/public-pages/admin-pages';

type ModerationProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConsoleModerationPage({ params, searchParams }: ModerationProps) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadModerationLog(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="moderation" title={t('moderation.heading')}>
      {page.allowed ? <ModerationLogView filters={page.filters} log={page.log} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
