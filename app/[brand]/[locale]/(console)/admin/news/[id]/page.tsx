// One article in the editor (or a new one at /admin/news/new): both languages, a preview, when it is published.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { NewsEditor } from '@/components/admin/news-editor';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadNewsDraft } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleNewsEditorPage({ params }: { params: Promise<LocaleParams & { id: string }> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadNewsDraft(brand, (await params).id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  const title = !page.allowed ? t('news.heading') : page.draft.id === 0 ? t('news.newHeading') : t('news.editHeading', { title: page.draft.title[locale] || page.draft.title['en-US'] || page.draft.title['zh-CN'] });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="news" title={title}>
      {page.allowed ? <NewsEditor draft={page.draft} brandName={brandName} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
