import 'server-only';
// The console's news (docs/admin.md, "News"): the brand's articles and the shared ones, newest first; one article as
// the editor opens it (Markdown in each language); saving it, audited with before and after. A save tells every web
// process to purge its cached news (freshness.ts); a scheduled time is announced when it comes (news/schedule.ts).
import crypto from 'node:crypto';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Brand } from '@/lib/brand/registry';
import type { Db } from '@/lib/db';
import { newsArticles, type NewsArticle } from '@/lib/db/schema';
import { blocksToMarkdown, parseMarkdownBody } from '@/lib/format/markdown-blocks';
import type { Locale } from '@/lib/i18n/locales';
import { getBus } from '@/lib/realtime/bus';
import { AppError } from '@/lib/server/http/errors';
import { newsChangedChannel } from '@/lib/server/news/events';
import { newsArticlePath } from '@/lib/routes';
import { adminPageSize } from '@/lib/validation/admin';
import { defaultNewsCover, editableNewsKinds, type NewsConsolePage, type NewsConsoleQuery, type NewsDraft, type NewsEntry, type NewsSaveInput, type NewsState } from '@/lib/validation/admin-news';
import { writeAudit, type AuditContext } from './audit';
import { brandIdOfScope, editableBrandIds, scopeOfBrandId } from './content-scope';
import { pageWindow } from './paging';

const editorLocales = ['en-US', 'zh-CN'] as const;

function stateOf(article: Pick<NewsArticle, 'publishedAt' | 'unpublishAt'>, now: Date): NewsState {
  if (!article.publishedAt) return 'draft';
  if (article.publishedAt > now) return 'scheduled';
  return article.unpublishAt && article.unpublishAt <= now ? 'ended' : 'published';
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** What the console lists from this brand: its own articles and the shared ones. */
const visibleFrom = (brand: Brand): SQL => inArray(newsArticles.brandId, editableBrandIds(brand));
/** What its editor opens and saves: those, but no match report (the match feed writes them). */
const editableFrom = (brand: Brand): SQL | undefined => and(visibleFrom(brand), inArray(newsArticles.kind, editableNewsKinds));

export async function listNewsForConsole(db: Db, brand: Brand, locale: Locale, query: NewsConsoleQuery, now = new Date()): Promise<NewsConsolePage> {
  const where = and(visibleFrom(brand), query.kind ? eq(newsArticles.kind, query.kind) : undefined);
  const [{ total }] = await db.select({ total: count() }).from(newsArticles).where(where);
  const { page, pages, offset } = pageWindow(total, query.page);
  const rows = await db.select().from(newsArticles).where(where).orderBy(desc(newsArticles.id)).limit(adminPageSize).offset(offset);
  const articles = rows.map(
    (row): NewsEntry => ({
      id: row.id,
      title: row.title[locale] ?? row.title['en-US'] ?? row.title['zh-CN'] ?? '',
      kind: row.kind,
      scope: scopeOfBrandId(row.brandId),
      languages: editorLocales.filter((language) => row.locales.includes(language)),
      state: stateOf(row, now),
      publishedAt: iso(row.publishedAt),
      unpublishAt: iso(row.unpublishAt),
      updatedAt: row.updatedAt.toISOString(),
      path: newsArticlePath(row.id),
    }),
  );
  return { articles, total, page, pages };
}

/** An article as the editor opens it, or null when this brand cannot edit it (another brand's, or none). */
export async function readNewsDraft(db: Db, brand: Brand, id: number, now = new Date()): Promise<NewsDraft | null> {
  const [row] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.id, id), editableFrom(brand)));
  if (!row || row.kind === 'report') return null;
  const text = (value: Partial<Record<Locale, string>>) => ({ 'en-US': value['en-US'] ?? '', 'zh-CN': value['zh-CN'] ?? '' });
  return {
    id: row.id,
    scope: scopeOfBrandId(row.brandId),
    kind: row.kind,
    title: text(row.title),
    summary: text(row.summary),
    body: { 'en-US': blocksToMarkdown(row.body['en-US'] ?? []), 'zh-CN': blocksToMarkdown(row.body['zh-CN'] ?? []) },
    tags: row.tags,
    coverUrl: row.coverUrl,
    state: stateOf(row, now),
    publishedAt: iso(row.publishedAt),
    unpublishAt: iso(row.unpublishAt),
    updatedAt: row.updatedAt.toISOString(),
    path: newsArticlePath(row.id),
  };
}

/** The article's columns from the editor's input; a language is written when it has a title and a text. */
function articleFields(input: NewsSaveInput, existing: NewsArticle | undefined, brand: Brand, now: Date) {
  const title: Partial<Record<Locale, string>> = {};
  const summary: Partial<Record<Locale, string>> = {};
  const body: NewsArticle['body'] = {};
  const given = { 'en-US': [input.title_en, input.summary_en, input.body_en], 'zh-CN': [input.title_zh, input.summary_zh, input.body_zh] } as const;
  for (const language of editorLocales) {
    const [languageTitle, languageSummary, languageBody] = given[language];
    if (languageTitle === '') continue;
    const blocks = parseMarkdownBody(languageBody);
    if (blocks.length === 0) throw new AppError('admin.errors.newsLanguageIncomplete');
    title[language] = languageTitle;
    summary[language] = languageSummary;
    body[language] = blocks;
  }
  const publishedAt = input.publish === 'draft' ? null : input.publish === 'now' ? (existing?.publishedAt && existing.publishedAt <= now ? existing.publishedAt : now) : new Date(input.publish_at);
  const unpublishAt = input.unpublish_at === '' ? null : new Date(input.unpublish_at);
  if (unpublishAt && unpublishAt <= (publishedAt ?? now)) throw new AppError('admin.errors.newsUnpublishBeforePublish');
  return {
    brandId: brandIdOfScope(input.scope, brand),
    kind: input.kind,
    locales: editorLocales.filter((language) => title[language] !== undefined),
    title,
    summary,
    body,
    tags: input.tags,
    coverUrl: input.cover_url || defaultNewsCover,
    publishedAt,
    unpublishAt,
    updatedAt: now,
  };
}

/** What the audit keeps of an article, before and after. */
const audited = (article: Pick<NewsArticle, 'brandId' | 'kind' | 'locales' | 'title' | 'summary' | 'body' | 'tags' | 'coverUrl' | 'publishedAt' | 'unpublishAt'>) => ({
  brand: article.brandId,
  kind: article.kind,
  locales: article.locales,
  title: article.title,
  summary: article.summary,
  body: article.body,
  tags: article.tags,
  cover: article.coverUrl,
  publishedAt: iso(article.publishedAt),
  unpublishAt: iso(article.unpublishAt),
});

/** Creates the article (id 0) or saves a change to it, audited; every web process then purges its cached news. */
export async function saveNewsArticle(db: Db, context: AuditContext, brand: Brand, input: NewsSaveInput, now = new Date()): Promise<{ id: number; path: string }> {
  const id = await db.transaction(async (tx) => {
    const [existing] =
      input.id === 0
        ? []
        : await tx
            .select()
            .from(newsArticles)
            .where(and(eq(newsArticles.id, input.id), editableFrom(brand)))
            .for('update');
    if (input.id !== 0 && !existing) throw new AppError('admin.errors.newsUnknown');
    const fields = articleFields(input, existing, brand, now);
    if (existing) {
      await tx.update(newsArticles).set(fields).where(eq(newsArticles.id, existing.id));
      await writeAudit(tx, context, { action: 'news.save', targetType: 'news', targetId: String(existing.id), before: audited(existing), after: audited(fields) });
      return existing.id;
    }
    const slug = `news-${now.getTime().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
    const [created] = await tx
      .insert(newsArticles)
      .values({ ...fields, slug, createdAt: now })
      .returning({ id: newsArticles.id });
    await writeAudit(tx, context, { action: 'news.create', targetType: 'news', targetId: String(created.id), before: null, after: audited(fields) });
    return created.id;
  });
  await getBus().publish(newsChangedChannel, JSON.stringify({ id }));
  return { id, path: newsArticlePath(id) };
}
