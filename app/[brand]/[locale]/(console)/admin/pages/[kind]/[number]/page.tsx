// One site page in the editor: title and text in both languages, a preview, save and publish.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { SitePageEditor } from '@/components/admin/site-page-editor';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadSitePageDraft } from '@/lib/server/public-pages/admin-pages';

type Params = LocaleParams & { kind: string; number: string };
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ConsoleSitePageEditorPage({ params, searchParams }: { params: Promise<Params>; searchParams: SearchParams }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const { kind, number } = await params;
  const page = await loadSitePageDraft(brand, kind, number, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  const title = page.allowed ? t('pages.editHeading', { title: page.draft.title[locale] }) : t('pages.heading');
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="pages" title={title}>
      {page.allowed ? <SitePageEditor draft={page.draft} brandName={brandName} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
