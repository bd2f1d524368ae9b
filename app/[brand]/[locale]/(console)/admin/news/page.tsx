// News: the brand's articles and the shared ones, by kind, with their state; write or edit one.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ConsoleFrame, NoRightNotice } from '@/components/admin/console-frame';
import { NewsListView } from '@/components/admin/news-list-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { buttonClass } from '@/components/ui/button';
import { adminNewsArticlePath } from '@/lib/routes';
import { loadNewsList } from '@/lib/server/public-pages/admin-pages';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ConsoleNewsPage({ params, searchParams }: { params: Promise<LocaleParams>; searchParams: SearchParams }) {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const page = await loadNewsList(brand, locale, await searchParams);
  const t = await getTranslations({ locale, namespace: 'admin' });
  const write = page.allowed ? (
    <Link className={buttonClass({ size: 'sm' })} href={adminNewsArticlePath(0)}>
      {t('news.write')}
    </Link>
  ) : undefined;
  return (
    <ConsoleFrame viewer={page.viewer} brand={{ name: brandName, logo: brand.logo }} section="news" title={t('news.heading')} actions={write}>
      {page.allowed ? <NewsListView query={page.query} news={page.news} /> : <NoRightNotice />}
    </ConsoleFrame>
  );
}
