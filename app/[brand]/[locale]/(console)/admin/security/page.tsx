// The signed-in console user's second factor.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame } from '@/components/admin/console-frame';
import { SecurityView } from '@/components/admin/security-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadSecurity } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleSecurityPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadSecurity(brand.id, brandName);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="security" title={t('security.heading')}>
      <SecurityView status={page.status} required={page.required} />
    </ConsoleFrame>
  );
}
