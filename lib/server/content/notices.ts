import 'server-only';
// Site notices (the /notice page) and the urgent announcement (/urgent), per brand and language.
import { and, count, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { notices, type Notice } from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import type { NoticeView } from '@/lib/validation/content';

type Scope = { brandId: string; locale: Locale; now?: Date };

function current(scope: Scope): SQL | undefined {
  const now = scope.now ?? new Date();
  return and(inArray(notices.brandId, ['*', scope.brandId]), lte(notices.publishedAt, now), or(isNull(notices.expiresAt), gt(notices.expiresAt, now)));
}

function view(notice: Notice, locale: Locale): NoticeView {
  return {
    id: notice.id,
    title: pickText(notice.title, locale),
    body: notice.body[locale] ?? notice.body['en-US'],
    urgent: notice.urgent,
    pinned: notice.pinned,
    publishedAt: notice.publishedAt.toISOString(),
  };
}

/** Pinned first, then newest. */
export async function listNotices(db: Db, query: Scope & { page?: number; size?: number }): Promise<{ list: NoticeView[]; total: number }> {
  const size = Math.min(50, Math.max(1, query.size ?? 20));
  const page = Math.max(1, query.page ?? 1);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notices)
      .where(current(query))
      .orderBy(desc(notices.pinned), desc(notices.publishedAt), desc(notices.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ total: count() }).from(notices).where(current(query)),
  ]);
  return { list: rows.map((row) => view(row, query.locale)), total };
}

/** The newest current urgent notice: what /urgent shows. */
export async function getUrgentNotice(db: Db, scope: Scope): Promise<NoticeView | null> {
  const [row] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.urgent, true), current(scope)))
    .orderBy(desc(notices.publishedAt))
    .limit(1);
  return row ? view(row, scope.locale) : null;
}
