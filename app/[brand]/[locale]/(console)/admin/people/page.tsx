// People: search accounts by id, phone or nickname.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { PeopleView } from '@/components/admin/people-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadPeople } from '@/lib/server/public-pages/admin-pages';

type PeopleProps = { params: Promise<LocaleParams>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ConsolePeoplePage({ params, searchParams }: PeopleProps) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadPeople(brand.id, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="people" title={t('people.heading')}>
      {page.allowed ? <PeopleView query={page.query} people={page.people} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
