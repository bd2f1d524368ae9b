import 'server-only';
// The operator console's page loaders: each reads the console cookie, sends a visitor without a console session
// to the sign-in page (and one whose brand enforces a second factor they have not given to its set-up page),
// checks the page's right, and reads the page's data. Nothing here is cached: every page is per operator.
import { cookies } from 'next/headers';
import { z } from 'zod';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { sitePageKinds } from '@/lib/validation/content';
import { notFound, redirect } from 'next/navigation';
import { getDb } from '@/lib/db';
import { findConsoleActor, sealedConsoleCookie, totpEnforced, type ConsoleActor } from '@/lib/server/admin/console-session';
import { listAudit } from '@/lib/server/admin/audit';
import { dashboardFigures } from '@/lib/server/admin/dashboard';
import { getPerson, searchPeople } from '@/lib/server/admin/people';
import { listLivesNow } from '@/lib/server/admin/rooms';
import { listSitePagesForConsole, readSitePageDraft } from '@/lib/server/admin/site-pages';
import { listNewsForConsole, readNewsDraft } from '@/lib/server/admin/news';
import { listReplaysForConsole } from '@/lib/server/admin/replays';
import { listRoomManagersForConsole } from '@/lib/server/admin/room-managers';
import { listQuizzesForConsole } from '@/lib/server/admin/quizzes';
import { readBrandSettings } from '@/lib/server/admin/settings';
import { readMaintenanceForConsole } from '@/lib/server/admin/maintenance';
import { listGiftsForConsole } from '@/lib/server/admin/gifts';
import { listRechargePackagesForConsole } from '@/lib/server/admin/recharge-packages';
import { listMallForConsole } from '@/lib/server/admin/mall';
import { readLotteryTableForConsole } from '@/lib/server/admin/lottery';
import { readCheckinTableForConsole } from '@/lib/server/admin/checkin';
import { searchLedger } from '@/lib/server/admin/ledger';
import { latestLedgerVerification } from '@/lib/server/ledger/verifications';
import { ledgerSearchQuery, type ConsoleCheckinTable, type ConsoleGift, type ConsoleLotteryTable, type ConsoleMallItem, type ConsoleRechargePackages, type LedgerSearchPage, type LedgerSearchQuery, type LedgerVerification } from '@/lib/validation/admin-money';
import type { BrandSettings } from '@/lib/validation/admin-settings';
import type { ConsoleMaintenance } from '@/lib/validation/admin-maintenance';
import { listFeedbackForConsole } from '@/lib/server/admin/feedback';
import { defaultNewsCover, newsConsoleQuery, type NewsConsolePage, type NewsConsoleQuery, type NewsDraft } from '@/lib/validation/admin-news';
import { listApplicationsForConsole } from '@/lib/server/admin/anchor-applications';
import { readKeywordList } from '@/lib/server/admin/chat-keywords';
import { listModerationLog } from '@/lib/server/admin/moderation-log';
import type { ChatKeywordList } from '@/lib/validation/chat-keywords';
import { totpStatus } from '@/lib/server/admin/totp';
import { adminRoutes } from '@/lib/routes';
import {
  applicationsQuery,
  auditQuery,
  feedbackConsoleQuery,
  moderationLogQuery,
  hasRight,
  peopleSearchQuery,
  consolePageQuery,
  roleMatrix,
  type ApplicationsPage,
  type AuditPage,
  type AuditQuery,
  type ConsoleRight,
  type ConsoleViewer,
  type DashboardFigures,
  type FeedbackConsoleQuery,
  type FeedbackPage,
  type LiveNow,
  type ModerationLogPage,
  type ModerationLogQuery,
  type PeoplePage,
  type PersonDetail,
  type ReplaysPage,
  type RoomManagersPage,
  type ConsoleQuizzesPage,
  type SitePageDraft,
  type SitePageEntry,
  type TotpStatus,
} from '@/lib/validation/admin';

type SearchParams = Record<string, string | string[] | undefined>;

/** A page the viewer's role may not open renders a notice instead of its data. */
type ConsolePage<T> = { viewer: ConsoleViewer; allowed: false } | ({ viewer: ConsoleViewer; allowed: true } & T);

function viewerOf(actor: ConsoleActor): ConsoleViewer {
  return { id: actor.id, nickName: actor.nickName, role: actor.role, rights: roleMatrix[actor.role] };
}

async function signedInActor(): Promise<ConsoleActor | undefined> {
  return findConsoleActor(await getDb(), sealedConsoleCookie(await cookies()));
}

/** The signed-in console user, or a redirect: to sign in, or to set up the second factor the brand asks for. */
async function requireViewer(brandId: string, allowWithoutTotp = false): Promise<ConsoleActor> {
  const actor = await signedInActor();
  if (!actor) redirect(adminRoutes.signIn);
  if (!allowWithoutTotp && !actor.grant.mfa && (await totpEnforced(await getDb(), brandId))) redirect(adminRoutes.security);
  return actor;
}

async function consolePage<T>(brandId: string, right: ConsoleRight, read: (actor: ConsoleActor) => Promise<T>): Promise<ConsolePage<T>> {
  const actor = await requireViewer(brandId);
  const viewer = viewerOf(actor);
  if (!hasRight(actor.role, right)) return { viewer, allowed: false };
  return { viewer, allowed: true, ...(await read(actor)) };
}

/** Sign-in: a console user already signed in goes on to the dashboard. */
export async function loadConsoleSignIn(): Promise<void> {
  if (await signedInActor()) redirect(adminRoutes.dashboard);
}

export function loadDashboard(brandId: string): Promise<ConsolePage<{ figures: DashboardFigures }>> {
  return consolePage(brandId, 'dashboard.view', async () => ({ figures: await dashboardFigures(await getDb()) }));
}

export function loadPeople(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ query: string; people: PeoplePage }>> {
  const query = peopleSearchQuery.parse({ q: first(searchParams.q), page: first(searchParams.page) });
  return consolePage(brandId, 'people.view', async () => ({ query: query.q, people: await searchPeople(await getDb(), query) }));
}

export async function loadPerson(brandId: string, rawId: string): Promise<ConsolePage<{ person: PersonDetail }>> {
  const id = /^[1-9]\d{0,14}$/.test(rawId) ? Number(rawId) : undefined;
  return consolePage(brandId, 'people.view', async () => {
    const person = id === undefined ? undefined : await getPerson(await getDb(), id);
    if (!person) notFound();
    return { person };
  });
}

export function loadRooms(brandId: string): Promise<ConsolePage<{ lives: LiveNow[] }>> {
  return consolePage(brandId, 'rooms.view', async () => ({ lives: await listLivesNow(await getDb()) }));
}

export function loadAudit(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ filters: AuditQuery; audit: AuditPage }>> {
  const filters = auditQuery.parse({
    actor: first(searchParams.actor) || undefined,
    action: first(searchParams.action) || undefined,
    target: first(searchParams.target) || undefined,
    page: first(searchParams.page),
  });
  return consolePage(brandId, 'audit.view', async () => ({ filters, audit: await listAudit(await getDb(), filters) }));
}

export function loadSitePages(brand: Brand, locale: Locale): Promise<ConsolePage<{ pages: SitePageEntry[] }>> {
  return consolePage(brand.id, 'pages.edit', async () => ({ pages: await listSitePagesForConsole(await getDb(), brand, locale) }));
}

/** One site page in the editor: `?scope=shared` edits the version every brand without its own shows. */
export function loadSitePageDraft(brand: Brand, kind: string, rawNumber: string, searchParams: SearchParams): Promise<ConsolePage<{ draft: SitePageDraft }>> {
  const address = z.object({ kind: z.enum(sitePageKinds), number: z.coerce.number().int().min(1).max(99) }).safeParse({ kind, number: rawNumber });
  const scope = first(searchParams.scope) === 'shared' ? 'shared' : 'brand';
  return consolePage(brand.id, 'pages.edit', async () => {
    const draft = address.success ? await readSitePageDraft(await getDb(), brand, address.data.kind, address.data.number, scope) : null;
    if (!draft) notFound();
    return { draft };
  });
}

export function loadFeedback(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ query: FeedbackConsoleQuery; inbox: FeedbackPage }>> {
  const query = feedbackConsoleQuery.parse({ status: first(searchParams.status), page: first(searchParams.page) });
  return consolePage(brandId, 'feedback.reply', async () => ({ query, inbox: await listFeedbackForConsole(await getDb(), brandId, query) }));
}

export function loadReplays(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ replays: ReplaysPage }>> {
  const query = consolePageQuery.parse({ page: first(searchParams.page) });
  return consolePage(brandId, 'replays.manage', async () => ({ replays: await listReplaysForConsole(await getDb(), query.page) }));
}

export function loadRoomManagers(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ managers: RoomManagersPage }>> {
  const query = consolePageQuery.parse({ page: first(searchParams.page) });
  return consolePage(brandId, 'rooms.managers', async () => ({ managers: await listRoomManagersForConsole(await getDb(), brandId, query.page) }));
}

export function loadConsoleQuizzes(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ quizzes: ConsoleQuizzesPage }>> {
  const query = consolePageQuery.parse({ page: first(searchParams.page) });
  return consolePage(brandId, 'quizzes.settle', async () => ({ quizzes: await listQuizzesForConsole(await getDb(), brandId, query.page) }));
}

export function loadConsoleGifts(brandId: string): Promise<ConsolePage<{ gifts: ConsoleGift[] }>> {
  return consolePage(brandId, 'money.catalogue', async () => ({ gifts: await listGiftsForConsole(await getDb(), brandId) }));
}

export function loadConsoleRechargePackages(brand: Brand): Promise<ConsolePage<{ packages: ConsoleRechargePackages }>> {
  return consolePage(brand.id, 'money.catalogue', async () => ({ packages: await listRechargePackagesForConsole(await getDb(), brand) }));
}

export function loadConsoleMall(brandId: string): Promise<ConsolePage<{ items: ConsoleMallItem[] }>> {
  return consolePage(brandId, 'money.catalogue', async () => ({ items: await listMallForConsole(await getDb(), brandId) }));
}

export function loadConsoleLottery(brandId: string): Promise<ConsolePage<{ table: ConsoleLotteryTable }>> {
  return consolePage(brandId, 'money.catalogue', async () => ({ table: await readLotteryTableForConsole(await getDb(), brandId) }));
}

export function loadConsoleCheckin(brandId: string): Promise<ConsolePage<{ table: ConsoleCheckinTable }>> {
  return consolePage(brandId, 'money.catalogue', async () => ({ table: await readCheckinTableForConsole(await getDb(), brandId) }));
}

export function loadConsoleLedger(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ query: LedgerSearchQuery; ledger: LedgerSearchPage; verification: LedgerVerification | null }>> {
  const query = ledgerSearchQuery.parse({ user: first(searchParams.user) || undefined, kind: first(searchParams.kind) || undefined, key: first(searchParams.key) || undefined, page: first(searchParams.page) });
  return consolePage(brandId, 'money.ledger', async () => {
    const db = await getDb();
    const [ledger, verification] = await Promise.all([searchLedger(db, brandId, query), latestLedgerVerification(db)]);
    return { query, ledger, verification };
  });
}

export function loadBrandSettings(brandId: string): Promise<ConsolePage<{ settings: BrandSettings }>> {
  return consolePage(brandId, 'brand.settings', async () => ({ settings: await readBrandSettings(await getDb(), brandId) }));
}

export function loadConsoleMaintenance(brandId: string): Promise<ConsolePage<{ notice: ConsoleMaintenance }>> {
  return consolePage(brandId, 'site.maintenance', async () => ({ notice: await readMaintenanceForConsole(await getDb()) }));
}

export function loadNewsList(brand: Brand, locale: Locale, searchParams: SearchParams): Promise<ConsolePage<{ query: NewsConsoleQuery; news: NewsConsolePage }>> {
  const query = newsConsoleQuery.parse({ kind: first(searchParams.kind) || undefined, page: first(searchParams.page) });
  return consolePage(brand.id, 'news.edit', async () => ({ query, news: await listNewsForConsole(await getDb(), brand, locale, query) }));
}

/** One article in the editor, or a blank one at /admin/news/new. */
export function loadNewsDraft(brand: Brand, rawId: string): Promise<ConsolePage<{ draft: NewsDraft }>> {
  const id = rawId === 'new' ? 0 : /^[1-9]\d{0,8}$/.test(rawId) ? Number(rawId) : undefined;
  return consolePage(brand.id, 'news.edit', async () => {
    const draft = id === 0 ? blankNewsDraft : id === undefined ? null : await readNewsDraft(await getDb(), brand, id);
    if (!draft) notFound();
    return { draft };
  });
}

const blankNewsDraft: NewsDraft = {
  id: 0,
  scope: 'brand',
  kind: 'news',
  title: { 'en-US': '', 'zh-CN': '' },
  summary: { 'en-US': '', 'zh-CN': '' },
  body: { 'en-US': '', 'zh-CN': '' },
  tags: [],
  coverUrl: defaultNewsCover,
  state: 'draft',
  publishedAt: null,
  unpublishAt: null,
  updatedAt: null,
  path: null,
};

export function loadApplications(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ applications: ApplicationsPage }>> {
  const query = applicationsQuery.parse({ status: first(searchParams.status), page: first(searchParams.page), decided: first(searchParams.decided) });
  return consolePage(brandId, 'anchors.review', async () => ({ applications: await listApplicationsForConsole(await getDb(), query) }));
}

export function loadChatKeywords(brandId: string): Promise<ConsolePage<{ keywords: ChatKeywordList }>> {
  return consolePage(brandId, 'chat.keywords', async () => ({ keywords: await readKeywordList(await getDb(), brandId) }));
}

export function loadModerationLog(brandId: string, searchParams: SearchParams): Promise<ConsolePage<{ filters: ModerationLogQuery; log: ModerationLogPage }>> {
  const filters = moderationLogQuery.parse({
    room: first(searchParams.room) || undefined,
    actor: first(searchParams.actor) || undefined,
    target: first(searchParams.target) || undefined,
    action: first(searchParams.action) || undefined,
    page: first(searchParams.page),
  });
  return consolePage(brandId, 'moderation.view', async () => ({ filters, log: await listModerationLog(await getDb(), filters) }));
}

/** The second factor's page: open to every console user, and the only one open before a required set-up. */
export async function loadSecurity(brandId: string, issuer: string): Promise<{ viewer: ConsoleViewer; status: TotpStatus; required: boolean }> {
  const actor = await requireViewer(brandId, true);
  const db = await getDb();
  return { viewer: viewerOf(actor), status: await totpStatus(db, actor, issuer), required: !actor.grant.mfa && (await totpEnforced(db, brandId)) };
}

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
