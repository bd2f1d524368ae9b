import 'server-only';
// Help, about, legal and download pages (/help, /about/{n}, /protocol/{n}/{channel}, /privacy/{n}, /download):
// the brand's own version when it has one, else the shared one.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { sitePages, type SitePageKind } from '@/lib/db/schema';
import { pickText, type Locale } from '@/lib/i18n/locales';
import type { SitePageView } from '@/lib/validation/content';

/** The bus channel of an edited site page ({kind, number}): every web process purges the cached site pages. */
export const sitePagesChangedChannel = 'content:site-pages';

export async function getSitePage(db: Db, address: { kind: SitePageKind; number: number }, scope: { brandId: string; locale: Locale }): Promise<SitePageView | null> {
  const rows = await db
    .select()
    .from(sitePages)
    .where(and(eq(sitePages.kind, address.kind), eq(sitePages.number, address.number), inArray(sitePages.brandId, ['*', scope.brandId])));
  const page = rows.find((row) => row.brandId === scope.brandId) ?? rows.find((row) => row.brandId === '*');
  if (!page) return null;
  return {
    kind: page.kind,
    number: page.number,
    title: pickText(page.title, scope.locale),
    body: page.body[scope.locale] ?? page.body['en-US'],
    updatedAt: page.updatedAt.toISOString(),
  };
}
