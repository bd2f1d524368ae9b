// An article (spec §2.2 /news_detail/{id}), server-rendered with its NewsArticle structured data and
// cached per brand and language for 5 minutes.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NewsArticleView } from '@/components/news/news-article-view';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import { pageMetadata } from '@/lib/seo/metadata';
import { readArticlePage, readNewsArticle } from '@/lib/server/public-pages/news-pages';
import { hideArticleResult } from '@/lib/server/public-pages/spoiler-free';

export const revalidate = 300;

/** Nothing is rendered at build time (no database then): each article renders on its first request. */
export function generateStaticParams(): Params[] {
  return [];
}

type Params = LocaleParams & { id: string };

async function loadArticle(params: Promise<Params>) {
  const context = await resolvePageContext(params);
  const { id } = await params;
  if (!/^\d{1,9}$/.test(id)) notFound();
  const article = await readNewsArticle(Number(id), context.brand.id, context.locale);
  if (!article) notFound();
  return { ...context, article: context.spoilerFree ? await hideArticleResult(article, context.locale) : article };
}

export async function generateMetadata({ params }: { params: Promise<Params> }): Promise<Metadata> {
  const { brand, brandName, locale, article } = await loadArticle(params);
  return pageMetadata({
    brand,
    brandName,
    locale,
    path: article.path,
    title: article.title,
    description: article.summary,
    image: { url: article.coverUrl, width: 1200, height: 675, alt: article.title },
    article: { publishedTime: article.publishedAt, modifiedTime: article.updatedAt, tags: article.tags.map((tag) => tag.label) },
  });
}

export default async function NewsDetailPage({ params }: { params: Promise<Params> }) {
  const { brand, brandName, locale, article } = await loadArticle(params);
  return <NewsArticleView brand={brand} brandName={brandName} locale={locale} data={await readArticlePage(article)} />;
}
