import 'server-only';
// Metadata of a help, about, legal or download page: its own title, a description naming the brand.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { PageContext } from '@/components/shell/page-context';
import { pageMetadata } from '@/lib/seo/metadata';
import type { SitePageKind, SitePageView } from '@/lib/validation/content';

export async function sitePageMetadata(context: PageContext, page: SitePageView, path: string, kind: SitePageKind): Promise<Metadata> {
  const t = await getTranslations({ locale: context.locale, namespace: 'articles' });
  const firstParagraph = page.body.find((block) => block.type === 'paragraph');
  const description =
    kind === 'help'
      ? t('sitePage.helpDescription', { brand: context.brandName })
      : kind === 'download'
        ? t('download.description', { brand: context.brandName })
        : firstParagraph?.type === 'paragraph'
          ? firstParagraph.text
          : t('sitePage.legalDescription', { title: page.title, brand: context.brandName });
  return pageMetadata({ ...context, path, title: page.title, description });
}
