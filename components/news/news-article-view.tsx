import 'server-only';
// An article page: breadcrumb, tags, headline, dates, cover, lead, body, the teams and the match it is
// about, related articles, and its NewsArticle structured data.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ContentBlocks } from '@/components/content/content-blocks';
import { formatDate } from '@/lib/format/date-time';
import { TeamCrest } from '@/components/teams/team-crest';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import { JsonLdScript } from '@/components/seo/json-ld';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { searchResultsPath, teamInfoPath } from '@/lib/routes';
import { newsArticleJsonLd } from '@/lib/seo/json-ld';
import type { NewsDetail } from '@/lib/validation/news';
import { NewsCard } from './news-card';
import { newsHref } from './news-query';
import styles from './news-article-view.module.css';
import { SpoilerShield } from '@/components/spoilers/spoiler-shield';

/** What the page's loader read (lib/server/public-pages/news-pages.ts readArticlePage). */
type ArticlePageData = { article: NewsDetail; matchPath: string | null };

type NewsArticleViewProps = { brand: Brand; brandName: string; locale: Locale; data: ArticlePageData };

export async function NewsArticleView({ brand, brandName, locale, data }: NewsArticleViewProps) {
  const { article, matchPath } = data;
  const t = await getTranslations({ locale, namespace: 'articles' });
  const updated = article.updatedAt.slice(0, 10) !== article.publishedAt.slice(0, 10);
  return (
    <div className={styles.page}>
      <SectionBreadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} section="news" then={[{ name: article.title, path: article.path }]} />
      <article className={styles.article}>
        <header className={styles.header}>
          {article.tags.length > 0 ? (
            <ul className={styles.tags}>
              {article.tags.map((tag) => (
                <li key={tag.key}>
                  <Link href={newsHref({ tag: tag.key })} className={styles.tag} prefetch={false}>
                    {tag.label}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <h1 className={styles.title}>{article.title}</h1>
          <p className={styles.dates}>
            <time dateTime={article.publishedAt}>{t('news.published', { date: formatDate(article.publishedAt, locale) })}</time>
            {updated ? (
              <>
                {' · '}
                <time dateTime={article.updatedAt}>{t('news.updated', { date: formatDate(article.updatedAt, locale) })}</time>
              </>
            ) : null}
          </p>
        </header>
        {article.spoilerHidden ? (
          <SpoilerShield kind="report" matchId={article.matchId} />
        ) : (
          <>
            {/* The cover is the page's largest paint: decoded with the frame, not after it. */}
            <img src={article.coverUrl} alt="" width={1200} height={675} fetchPriority="high" decoding="sync" className={styles.cover} />
            <p className={styles.lead}>{article.summary}</p>
            <ContentBlocks blocks={article.body} />
          </>
        )}
        {article.teams.length > 0 ? (
          <footer className={styles.footer}>
            <h2 className={styles.footerTitle}>{t('news.teams')}</h2>
            <ul className={styles.teams}>
              {article.teams.map((team) => (
                <li key={team.id}>
                  <Link href={team.id === null ? searchResultsPath(team.shortName) : teamInfoPath(team.id)} className={styles.team} prefetch={false}>
                    <TeamCrest team={team} size="sm" />
                    {team.name}
                  </Link>
                </li>
              ))}
            </ul>
            {matchPath ? (
              <Link href={matchPath} className={styles.matchLink} prefetch={false}>
                <span className={styles.matchLabel}>{t('news.matchCentre')}</span>
                <span>{t('news.openMatch', { match: article.teams.map((team) => team.name).join(' – ') })}</span>
              </Link>
            ) : null}
          </footer>
        ) : null}
      </article>
      {article.related.length > 0 ? (
        <section className={styles.related} aria-labelledby="related-title">
          <h2 id="related-title" className={styles.relatedTitle}>
            {t('news.related')}
          </h2>
          <ul className={styles.relatedList}>
            {article.related.map((item) => (
              <li key={item.id}>
                <NewsCard article={item} locale={locale} variant="compact" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {article.spoilerHidden ? null : <JsonLdScript data={newsArticleJsonLd(brand, brandName, locale, article)} />}
    </div>
  );
}
