import 'server-only';
// Read side of the news: published articles of a brand in a language (list, detail, by team or
// match, keyword search, sitemap entries). An article is published once its time has come, until its unpublish time.
import { and, arrayContains, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { newsArticleTeams, newsArticles, teams, type NewsArticle, type NewsKind } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { newsArticlePath } from '@/lib/routes';
import { translatorFor } from '@/lib/server/matches/translator';
import { teamRef } from '@/lib/server/matches/queries';
import type { NewsDetail, NewsList, NewsSummary } from '@/lib/validation/news';

export type NewsScope = { brandId: string; locale: Locale; now?: Date };

/** Published by `now` and not yet taken down: an editor may schedule both (lib/server/admin/news.ts). */
function onAir(now: Date): SQL | undefined {
  return and(
    isNotNull(newsArticles.publishedAt),
    lte(newsArticles.publishedAt, now),
    or(isNull(newsArticles.unpublishAt), gt(newsArticles.unpublishAt, now)),
  );
}

function visible(scope: NewsScope): SQL | undefined {
  return and(
    onAir(scope.now ?? new Date()),
    inArray(newsArticles.brandId, ['*', scope.brandId]),
    arrayContains(newsArticles.locales, [scope.locale]),
  );
}

function summarise(article: NewsArticle, locale: Locale): NewsSummary {
  const t = translatorFor(locale);
  return {
    id: article.id,
    slug: article.slug,
    kind: article.kind,
    path: newsArticlePath(article.id),
    title: article.title[locale] ?? '',
    summary: article.summary[locale] ?? '',
    coverUrl: article.coverUrl,
    tags: article.tags.map((key) => {
      const label = t(`news.tags.${key}`);
      return { key, label: label === `news.tags.${key}` ? key : label };
    }),
    matchId: article.matchId,
    publishedAt: (article.publishedAt ?? article.createdAt).toISOString(),
    updatedAt: article.updatedAt.toISOString(),
  };
}

export type NewsListQuery = NewsScope & {
  page?: number;
  size?: number;
  tag?: string;
  teamId?: number;
  matchId?: number;
  competitionId?: number;
  kind?: NewsKind;
};

export async function listNews(db: Db, query: NewsListQuery): Promise<NewsList> {
  const page = Math.max(1, query.page ?? 1);
  const size = Math.min(50, Math.max(1, query.size ?? 20));
  const where = and(
    visible(query),
    query.tag ? arrayContains(newsArticles.tags, [query.tag]) : undefined,
    query.matchId !== undefined ? eq(newsArticles.matchId, query.matchId) : undefined,
    query.competitionId !== undefined ? eq(newsArticles.competitionId, query.competitionId) : undefined,
    query.kind ? eq(newsArticles.kind, query.kind) : undefined,
    query.teamId !== undefined
      ? inArray(newsArticles.id, db.select({ id: newsArticleTeams.articleId }).from(newsArticleTeams).where(eq(newsArticleTeams.teamId, query.teamId)))
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(newsArticles)
      .where(where)
      .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(newsArticles).where(where),
  ]);
  return { list: rows.map((row) => summarise(row, query.locale)), total, page, size };
}

export async function getNewsArticle(db: Db, id: number, scope: NewsScope): Promise<NewsDetail | null> {
  const [article] = await db.select().from(newsArticles).where(and(eq(newsArticles.id, id), visible(scope)));
  if (!article) return null;
  const teamRows = await db
    .select({ team: teams })
    .from(newsArticleTeams)
    .innerJoin(teams, eq(teams.id, newsArticleTeams.teamId))
    .where(eq(newsArticleTeams.articleId, article.id));
  const teamIds = teamRows.map(({ team }) => team.id);
  const related = teamIds.length
    ? await db
        .select()
        .from(newsArticles)
        .where(
          and(
            visible(scope),
            ne(newsArticles.id, article.id),
            inArray(newsArticles.id, db.select({ id: newsArticleTeams.articleId }).from(newsArticleTeams).where(inArray(newsArticleTeams.teamId, teamIds))),
          ),
        )
        .orderBy(desc(newsArticles.publishedAt))
        .limit(4)
    : [];
  return {
    ...summarise(article, scope.locale),
    body: article.body[scope.locale] ?? [],
    locales: article.locales,
    teams: teamRows.map(({ team }) => teamRef(team, scope.locale)),
    related: related.map((row) => summarise(row, scope.locale)),
  };
}

/** Articles whose title or summary in the reader's language contains the keyword, newest first. */
export async function searchNews(db: Db, keyword: string, scope: NewsScope & { limit?: number }): Promise<NewsSummary[]> {
  const trimmed = keyword.trim();
  if (!trimmed) return [];
  const pattern = `%${trimmed.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await db
    .select()
    .from(newsArticles)
    .where(
      and(
        visible(scope),
        or(ilike(sql`${newsArticles.title}->>${scope.locale}`, pattern), ilike(sql`${newsArticles.summary}->>${scope.locale}`, pattern)),
      ),
    )
    .orderBy(desc(newsArticles.publishedAt))
    .limit(scope.limit ?? 20);
  return rows.map((row) => summarise(row, scope.locale));
}

/** Every published article of a brand, for sitemap.xml. */
export async function listNewsForSitemap(db: Db, brandId: string, now = new Date()): Promise<{ id: number; path: string; locales: Locale[]; updatedAt: string }[]> {
  const rows = await db
    .select({ id: newsArticles.id, locales: newsArticles.locales, updatedAt: newsArticles.updatedAt })
    .from(newsArticles)
    .where(and(onAir(now), inArray(newsArticles.brandId, ['*', brandId])))
    .orderBy(desc(newsArticles.id));
  return rows.map((row) => ({ id: row.id, path: newsArticlePath(row.id), locales: row.locales, updatedAt: row.updatedAt.toISOString() }));
}
