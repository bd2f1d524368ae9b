import 'server-only';
// Scheduled news (docs/admin.md, "News"): an article's publish or unpublish time passing changes what the news pages
// show, with nothing written. The jobs role announces those moments on the bus, so every web process purges its
// cached news then instead of at the end of the cache window (public-pages/freshness.ts).
import { and, gt, lte, or } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { newsArticles } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { newsChangedChannel } from './events';

/** Announces the articles whose publish or unpublish time is in (since, until]; returns how many. */
export async function announceScheduledNews(db: Db, since: Date, until: Date): Promise<number> {
  const rows = await db
    .select({ id: newsArticles.id })
    .from(newsArticles)
    .where(
      or(
        and(gt(newsArticles.publishedAt, since), lte(newsArticles.publishedAt, until)),
        and(gt(newsArticles.unpublishAt, since), lte(newsArticles.unpublishAt, until)),
      ),
    );
  if (rows.length > 0) await getBus().publish(newsChangedChannel, JSON.stringify({ ids: rows.map((row) => row.id) }));
  return rows.length;
}
