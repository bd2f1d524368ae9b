// Notices (spec §2.2 /notice): the site's announcements, cached per brand and language for 5 minutes.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NoticeList } from '@/components/content/notice-list';
import { PageFrame } from '@/components/content/page-frame';
import { Breadcrumbs } from '@/components/seo/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { MegaphoneIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readNotices } from '@/lib/server/public-pages/content-pages';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'articles.notice' });
  return pageMetadata({ brand, brandName, locale, path: siteRoutes.notice, title: t('title'), description: t('description', { brand: brandName }) });
}

export default async function NoticePage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'articles' });
  const site = await getTranslations({ locale, namespace: 'site.header.tabs' });
  const { list } = await readNotices(brand.id, locale);
  return (
    <PageFrame
      title={t('notice.title')}
      lead={t('notice.lead')}
      width="reading"
      above={<Breadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} crumbs={[{ name: site('home'), path: siteRoutes.home }, { name: site('notice'), path: siteRoutes.notice }]} />}
    >
      {list.length > 0 ? <NoticeList notices={list} locale={locale} /> : <EmptyState icon={MegaphoneIcon} title={t('notice.empty')} description={t('notice.emptyHint')} />}
    </PageFrame>
  );
}
