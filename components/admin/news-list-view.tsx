// News in the console: the brand's articles and the shared ones, newest first, by kind; each with its languages,
// its state (draft, scheduled, published, ended) and when, and a link to edit. "Write an article" opens a blank one.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { adminNewsArticlePath, adminNewsPath } from '@/lib/routes';
import type { NewsConsolePage, NewsConsoleQuery, NewsEntry, NewsState } from '@/lib/validation/admin-news';
import { newsKinds } from '@/lib/validation/news';
import { ConsolePager } from './console-pager';
import { consoleTime } from './format';
import styles from './console.module.css';

const stateTone: Record<NewsState, BadgeTone> = { draft: 'muted', scheduled: 'brand', published: 'success', ended: 'neutral' };

function When({ article }: { article: NewsEntry }) {
  const t = useTranslations('admin.news');
  const locale = useLocale();
  if (article.state === 'draft' || !article.publishedAt) return <span className={styles.muted}>{t('notPublished')}</span>;
  return (
    <span>
      {consoleTime(article.publishedAt, locale)}
      {article.unpublishAt ? <span className={styles.muted}> → {consoleTime(article.unpublishAt, locale)}</span> : null}
    </span>
  );
}

export function NewsListView({ query, news }: { query: NewsConsoleQuery; news: NewsConsolePage }) {
  const t = useTranslations('admin.news');
  return (
    <>
      <p className={styles.muted}>{t('lead')}</p>
      <nav aria-label={t('kindFilter')} className={styles.rowActions}>
        <Link href={adminNewsPath({})} aria-current={query.kind === undefined ? 'page' : undefined} className={styles.scopeLink}>
          {t('allKinds')}
        </Link>
        {newsKinds.map((kind) => (
          <Link key={kind} href={adminNewsPath({ kind })} aria-current={query.kind === kind ? 'page' : undefined} className={styles.scopeLink}>
            {t(`kinds.${kind}`)}
          </Link>
        ))}
      </nav>
      {news.articles.length === 0 ? (
        <p className={styles.notice}>{t('empty')}</p>
      ) : (
        <Card radius="lg" clip className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('article')}</th>
                <th scope="col">{t('state')}</th>
                <th scope="col">{t('when')}</th>
                <th scope="col">{t('shownOn')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('edit')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {news.articles.map((article) => (
                <tr key={article.id}>
                  <td data-label={t('article')}>
                    <span>
                      {/* Only a published article has a public page to open. */}
                      {article.state === 'published' ? <Link href={article.path}>{article.title}</Link> : article.title}{' '}
                      <span className={styles.muted}>
                        {t(`kinds.${article.kind}`)} · {article.languages.map((language) => t(`languages.${language}`)).join(' / ')}
                      </span>
                    </span>
                  </td>
                  <td data-label={t('state')}>
                    <span>
                      <Badge tone={stateTone[article.state]}>{t(`states.${article.state}`)}</Badge>
                    </span>
                  </td>
                  <td data-label={t('when')}>
                    <When article={article} />
                  </td>
                  <td data-label={t('shownOn')}>{t(`scopes.${article.scope}`)}</td>
                  <td>
                    {article.kind === 'report' ? (
                      <span className={styles.muted}>{t('byFeed')}</span>
                    ) : (
                      <Link href={adminNewsArticlePath(article.id)} aria-label={`${t('edit')}: ${article.title}`}>
                        {t('edit')}
                      </Link>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      )}
      <ConsolePager page={news.page} pages={news.pages} href={(page) => adminNewsPath({ kind: query.kind, page })} />
    </>
  );
}
