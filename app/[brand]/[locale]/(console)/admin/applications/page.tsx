// Anchor applications: the waiting queue and the decided record, with the ID photos, approve and refuse.
import { getTranslations } from 'next-intl/server';
import { ApplicationsView } from '@/components/admin/applications-view';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadApplications } from '@/lib/server/public-pages/admin-pages';

type ApplicationsProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConsoleApplicationsPage({ params, searchParams }: ApplicationsProps) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadApplications(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="applications" title={t('applications.heading')}>
      {page.allowed ? <ApplicationsView applications={page.applications} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
