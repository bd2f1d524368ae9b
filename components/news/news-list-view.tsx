import 'server-only';
// The news list: topic filters, a grid of article cards, page links.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { NewsIcon } from '@/components/shell/icons';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import type { NewsSummary } from '@/lib/validation/news';
import { siteRoutes } from '@/lib/routes';
import { Pager } from '@/components/shell/pager';
import { NewsCard } from './news-card';
import { newsHref, newsTopics, type NewsQuery } from './news-query';
import styles from './news-list-view.module.css';

type NewsListViewProps = { brand: Brand; locale: Locale; query: NewsQuery; list: NewsSummary[]; pages: number };

export async function NewsListView({ brand, locale, query, list, pages }: NewsListViewProps) {
  const t = await getTranslations({ locale, namespace: 'articles' });
  const tags = await getTranslations({ locale, namespace: 'news.tags' });
  const chip = (active: boolean) => `${styles.chip} ${active ? styles.chipActive : ''}`;
  return (
    <PageFrame
      title={t('news.title')}
      lead={t('news.lead')}
      above={
        <SectionBreadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} section="news" />
      }
    >
      <nav aria-label={t('news.filtersLabel')}>
        <ul className={styles.chips}>
          <li>
            <Link href={siteRoutes.news} className={chip(!query.tag)} aria-current={!query.tag ? 'page' : undefined} prefetch={false}>
              {t('news.all')}
            </Link>
          </li>
          {newsTopics.map((tag) => (
            <li key={tag}>
              <Link href={newsHref({ tag })} className={chip(query.tag === tag)} aria-current={query.tag === tag ? 'page' : undefined} prefetch={false}>
                {tags(tag)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {list.length === 0 ? (
        <EmptyState icon={NewsIcon} title={t('news.empty')} description={t('news.emptyHint')} />
      ) : (
        <ul className={styles.grid}>
          {list.map((article, index) => (
            <li key={article.id}>
              <NewsCard article={article} locale={locale} eager={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={query.page} pages={pages} hrefFor={(page) => newsHref({ ...query, page })} />
    </PageFrame>
  );
}
