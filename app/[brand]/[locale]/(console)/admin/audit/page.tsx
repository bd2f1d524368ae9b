// The console's audit log, filtered by actor, action and target.
import { getTranslations } from 'next-intl/server';
import { AuditView } from '@/components/admin/audit-view';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadAudit } from '@/lib/server/public-pages/admin-pages';

type AuditProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConsoleAuditPage({ params, searchParams }: AuditProps) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadAudit(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="audit" title={t('audit.heading')}>
      {page.allowed ? <AuditView filters={page.filters} audit={page.audit} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
