// Chat keywords: the brand's blocked words, edited and tried out.
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { KeywordsEditor } from '@/components/admin/keywords-editor';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { loadChatKeywords } from '@/lib/server/public-pages/admin-pages';

export default async function ConsoleKeywordsPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadChatKeywords(brand.id);
  const t = await getTranslations({ locale, namespace: 'admin' });
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="keywords" title={t('keywords.heading')}>
      {page.allowed ? <KeywordsEditor list={page.keywords} brandName={brandName} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
