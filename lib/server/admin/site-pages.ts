import 'server-only';
// The console's site pages (help, about, legal, download, licences): the list, one page as the editor opens it
// (Markdown in both languages), and saving it, for the console's brand only or as the shared version. A save is
// audited with the text before and after, and every web process purges the cached site pages (freshness.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type { Brand } from '@/lib/brand/registry';
import type { Db } from '@/lib/db';
import { sitePages, type SitePage } from '@/lib/db/schema';
import { blocksToMarkdown, parseMarkdownBody } from '@/lib/format/markdown-blocks';
import { pickText, type Locale } from '@/lib/i18n/locales';
import { getBus } from '@/lib/realtime/bus';
import { sitePagesChangedChannel } from '@/lib/server/content/site-pages';
import { AppError } from '@/lib/server/http/errors';
import { aboutPagePath, privacyPolicyPath, siteRoutes, userAgreementPath } from '@/lib/routes';
import type { SitePageDraft, SitePageEntry, SitePageSaveInput, ContentScope } from '@/lib/validation/admin';
import type { SitePageKind } from '@/lib/validation/content';
import { writeAudit, type AuditContext } from './audit';
import { brandIdOfScope, editableBrandIds, scopeOfBrandId, sharedBrandId } from './content-scope';

/** Where a site page (help, about, legal, download, licences) is read; an agreement names the brand's channel. */
function sitePagePath(kind: SitePageKind, number: number, channel: string): string {
  switch (kind) {
    case 'help':
      return siteRoutes.help;
    case 'download':
      return siteRoutes.download;
    case 'about':
      return aboutPagePath(number);
    case 'protocol':
      return userAgreementPath(number, channel);
    case 'privacy':
      return privacyPolicyPath(number);
    case 'certificate':
      return number === 2 ? siteRoutes.certificate2 : siteRoutes.certificate1;
  }
}


/** Every page some brand can show, in kind and number order; the console's brand's version beside the shared one. */
export async function listSitePagesForConsole(db: Db, brand: Brand, locale: Locale): Promise<SitePageEntry[]> {
  const rows = await db
    .select()
    .from(sitePages)
    .where(inArray(sitePages.brandId, editableBrandIds(brand)));
  const byAddress = new Map<string, { shared?: SitePage; own?: SitePage }>();
  for (const row of rows) {
    const key = `${row.kind}/${row.number}`;
    const entry = byAddress.get(key) ?? {};
    if (scopeOfBrandId(row.brandId) === 'shared') entry.shared = row;
    else entry.own = row;
    byAddress.set(key, entry);
  }
  return [...byAddress.values()]
    .map(({ shared, own }) => {
      const shown = (own ?? shared)!;
      return {
        kind: shown.kind,
        number: shown.number,
        title: pickText(shown.title, locale),
        path: sitePagePath(shown.kind, shown.number, brand.channel),
        brandVersion: own ? own.updatedAt.toISOString() : null,
        sharedVersion: shared ? shared.updatedAt.toISOString() : null,
      };
    })
    .sort((a, b) => a.kind.localeCompare(b.kind) || a.number - b.number);
}

async function findPage(db: Db, kind: SitePageKind, number: number, brandId: string): Promise<SitePage | undefined> {
  const [row] = await db
    .select()
    .from(sitePages)
    .where(and(eq(sitePages.kind, kind), eq(sitePages.number, number), eq(sitePages.brandId, brandId)));
  return row;
}

function draftOf(row: SitePage, scope: ContentScope, exists: boolean, path: string): SitePageDraft {
  return {
    kind: row.kind,
    number: row.number,
    scope,
    path,
    exists,
    title: { 'en-US': row.title['en-US'], 'zh-CN': row.title['zh-CN'] ?? row.title['en-US'] },
    body: { 'en-US': blocksToMarkdown(row.body['en-US']), 'zh-CN': blocksToMarkdown(row.body['zh-CN'] ?? row.body['en-US']) },
    updatedAt: exists ? row.updatedAt.toISOString() : null,
  };
}

/**
 * One page as the editor opens it, or null when no brand has it. A brand without its own version starts from the
 * shared text (`exists: false`).
 */
export async function readSitePageDraft(db: Db, brand: Brand, kind: SitePageKind, number: number, scope: ContentScope): Promise<SitePageDraft | null> {
  const path = sitePagePath(kind, number, brand.channel);
  const own = await findPage(db, kind, number, brandIdOfScope(scope, brand));
  if (own) return draftOf(own, scope, true, path);
  const shared = scope === 'brand' ? await findPage(db, kind, number, sharedBrandId) : undefined;
  return shared ? draftOf(shared, scope, false, path) : null;
}

/** Saves the page (a new brand version, or a change to an existing one), audited; the public page follows within seconds. */
export async function saveSitePage(db: Db, context: AuditContext, brand: Brand, input: SitePageSaveInput): Promise<{ path: string }> {
  const brandId = brandIdOfScope(input.scope, brand);
  const title = { 'en-US': input.title_en, 'zh-CN': input.title_zh };
  const body = { 'en-US': parseMarkdownBody(input.body_en), 'zh-CN': parseMarkdownBody(input.body_zh) };
  if (body['en-US'].length === 0 || body['zh-CN'].length === 0) throw new AppError('admin.errors.pageBodyRequired');
  await db.transaction(async (tx) => {
    // Only an existing page is edited: a brand version starts from a page some brand already shows.
    const [known] = await tx
      .select({ id: sitePages.id })
      .from(sitePages)
      .where(and(eq(sitePages.kind, input.kind), eq(sitePages.number, input.number), inArray(sitePages.brandId, editableBrandIds(brand))))
      .limit(1);
    if (!known) throw new AppError('admin.errors.pageUnknown');
    const [before] = await tx
      .select()
      .from(sitePages)
      .where(and(eq(sitePages.kind, input.kind), eq(sitePages.number, input.number), eq(sitePages.brandId, brandId)))
      .for('update');
    await tx
      .insert(sitePages)
      .values({ kind: input.kind, number: input.number, brandId, title, body, updatedAt: new Date() })
      .onConflictDoUpdate({ target: [sitePages.kind, sitePages.number, sitePages.brandId], set: { title, body, updatedAt: new Date() } });
    await writeAudit(tx, context, {
      action: 'page.save',
      targetType: 'page',
      targetId: `${input.kind}/${input.number}@${brandId}`,
      before: before ? { title: before.title, body: before.body } : null,
      after: { title, body },
    });
  });
  await getBus().publish(sitePagesChangedChannel, JSON.stringify({ kind: input.kind, number: input.number }));
  return { path: sitePagePath(input.kind, input.number, brand.channel) };
}
