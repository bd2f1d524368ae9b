// One account in the console: details, ban, sessions, roles.
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { PersonView } from '@/components/admin/person-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadPerson } from '@/lib/server/public-pages/admin-pages';
import { getTranslations } from 'next-intl/server';

export default async function ConsolePersonPage({ params }: { params: Promise<LocaleParams & { id: string }> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadPerson(brand.id, (await params).id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="people" title={page.allowed ? page.person.nickName : t('people.heading')}>
      {page.allowed ? <PersonView viewer={page.viewer} person={page.person} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
