// The operator console's shapes (docs/admin.md): the role matrix both the console's pages and its handlers read,
// and the inputs of its actions, shared by the forms and the routes so that a rule and its message exist once.
import { z } from 'zod';
import type { QuizView } from './quizzes';
import { consoleSubRoles, userRoles, type ConsoleSubRole, type UserRole } from './users';
import { anchorApplicationStatuses, type AnchorApplicationStatus, type LiveState } from './live';
import { sitePageKinds, type SitePageKind } from './content';
import { feedbackStatuses, type FeedbackCategory, type FeedbackStatus } from './feedback';
import { phoneSchema } from './auth';
import type { Locale } from '@/lib/i18n/locales';

/** Who may enter the console: a full operator, or an account with one of the sub-roles. */
export type ConsoleRole = 'operator' | ConsoleSubRole;

/** What the console lets one do; `sensitive` rights ask for the password again (reauthWindowMinutes). */
export const consoleRights = [
  'dashboard.view',
  'people.view',
  'people.ban',
  'people.sessions',
  'people.role',
  'rooms.view',
  'rooms.end',
  'rooms.pushKey',
  'replays.manage',
  'rooms.managers',
  'quizzes.settle',
  'brand.settings',
  'site.maintenance',
  'audit.view',
  'pages.edit',
  'news.edit',
  'anchors.review',
  'chat.keywords',
  'moderation.view',
  'feedback.reply',
  'money.catalogue',
  'money.ledger',
] as const;
export type ConsoleRight = (typeof consoleRights)[number];

/** The role matrix (docs/admin.md keeps it in prose): a full operator has every right. */
export const roleMatrix: Record<ConsoleRole, readonly ConsoleRight[]> = {
  operator: consoleRights,
  content: ['dashboard.view', 'rooms.view', 'pages.edit', 'news.edit', 'feedback.reply'],
  finance: ['dashboard.view', 'people.view', 'quizzes.settle', 'audit.view', 'money.catalogue', 'money.ledger'],
  moderator: ['dashboard.view', 'people.view', 'people.ban', 'people.sessions', 'rooms.view', 'rooms.end', 'rooms.pushKey', 'replays.manage', 'rooms.managers', 'anchors.review', 'chat.keywords', 'moderation.view', 'feedback.reply'],
};

/**
 * Rights whose actions need a fresh password check: roles, every session of an account, push keys, what moves or
 * prices money (quiz disputes, the catalogue), the brand's switches (second-factor sign-in among them). Reading the
 * ledger (search, proof, export) moves nothing and is audited instead.
 */
export const sensitiveRights: readonly ConsoleRight[] = ['people.role', 'people.sessions', 'rooms.pushKey', 'quizzes.settle', 'brand.settings', 'money.catalogue'];

export function hasRight(role: ConsoleRole | null, right: ConsoleRight): boolean {
  return role !== null && roleMatrix[role].includes(right);
}

/** A password check is good for this long before the next sensitive action asks again. */
export const reauthWindowMinutes = 5;
/** The console's cookie session lasts this long from sign-in. */
export const consoleSessionMinutes = 120;
/** Audit log and search pages. */
export const adminPageSize = 50;

const password = z.string('validation.passwordRequired').min(1, 'validation.passwordRequired').max(128);
const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'admin.errors.totpCodeInvalid');

export function consoleSignInInput(locale: Locale) {
  return z.object({
    phone: phoneSchema(locale),
    password,
    // Asked for when the account has a second factor; empty otherwise.
    code: z.union([z.literal(''), totpCodeSchema]).default(''),
  });
}
export type ConsoleSignInInput = z.output<ReturnType<typeof consoleSignInInput>>;

export const reauthInput = z.object({ password });

export const totpConfirmInput = z.object({ code: totpCodeSchema });

const userId = z.coerce.number('admin.errors.userRequired').int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Free text an operator types (a reason, a page): NUL characters, which no one types and Postgres cannot store,
 * are dropped before the rules see it; `required` is the message for a missing or non-text value.
 */
export function consoleText(required: string, rules: z.ZodString) {
  return z
    .string(required)
    .transform((value) => value.replaceAll('\u0000', ''))
    .pipe(rules);
}

export const banInput = z.object({
  user_id: userId,
  reason: consoleText('admin.errors.reasonRequired', z.string().trim().min(1, 'admin.errors.reasonRequired').max(200, 'admin.errors.reasonTooLong')),
  /** Hours from now; 0 bans until lifted. */
  hours: z.coerce.number().int().min(0).max(24 * 365 * 10),
});
export type BanInput = z.output<typeof banInput>;

export const userTargetInput = z.object({ user_id: userId });

export const roleChangeInput = z.object({
  user_id: userId,
  role: z.enum(userRoles),
  /** '' for none; only meaningful when the role is not operator. */
  console_role: z.union([z.literal(''), z.enum(consoleSubRoles)]).default(''),
});
export type RoleChangeInput = z.output<typeof roleChangeInput>;

export const liveTargetInput = z.object({ anchor_id: userId });

const replayId = z.coerce.number('admin.errors.replayUnknown').int('admin.errors.replayUnknown').positive('admin.errors.replayUnknown').max(Number.MAX_SAFE_INTEGER, 'admin.errors.replayUnknown');

/** POST /api/admin/hideReplay: hidden 1 takes a replay off the site, 0 puts it back. */
export const replayHideInput = z.object({ replay_id: replayId, hidden: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])) });
export type ReplayHideInput = z.output<typeof replayHideInput>;

/** POST /api/admin/deleteReplay: the replay and its file, for good. */
export const replayTargetInput = z.object({ replay_id: replayId });

const feedbackId = z.coerce.number('admin.errors.feedbackUnknown').int('admin.errors.feedbackUnknown').positive('admin.errors.feedbackUnknown').max(Number.MAX_SAFE_INTEGER, 'admin.errors.feedbackUnknown');

/** POST /api/admin/replyFeedback: the answer goes to the sender's system conversation. */
export const feedbackReplyInput = z.object({
  feedback_id: feedbackId,
  reply: consoleText('admin.errors.replyRequired', z.string().trim().min(1, 'admin.errors.replyRequired').max(1000, 'admin.errors.replyTooLong')),
});
export type FeedbackReplyInput = z.output<typeof feedbackReplyInput>;

/** POST /api/admin/markFeedbackHandled: dealt with outside the console (a phone call, an e-mail). */
export const feedbackTargetInput = z.object({ feedback_id: feedbackId });

/** /admin/feedback?status=&page=: the brand's feedback, newest first; without a status, what is new. */
export const feedbackConsoleQuery = z.object({
  status: z.enum(feedbackStatuses).catch('new'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type FeedbackConsoleQuery = z.output<typeof feedbackConsoleQuery>;

/** ?page= of a console list without filters (replays, room managers). */
export const consolePageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).catch(1) });

/** Which version of a site page or an article: the console's brand's own, or the one every brand (without its own) shows. */
export const contentScopes = ['brand', 'shared'] as const;
export type ContentScope = (typeof contentScopes)[number];

const pageTitle = consoleText('admin.errors.pageTitleRequired', z.string().trim().min(1, 'admin.errors.pageTitleRequired').max(120, 'admin.errors.pageTitleTooLong'));
// Markdown (lib/format/markdown-blocks.ts): headings, lists, paragraphs.
const pageBody = consoleText('admin.errors.pageBodyRequired', z.string().trim().min(1, 'admin.errors.pageBodyRequired').max(20_000, 'admin.errors.pageBodyTooLong'));

/** POST /api/admin/saveSitePage: one site page's title and text in both languages. */
export const sitePageSaveInput = z.object({
  kind: z.enum(sitePageKinds, 'admin.errors.pageUnknown'),
  number: z.coerce.number('admin.errors.pageUnknown').int('admin.errors.pageUnknown').min(1, 'admin.errors.pageUnknown').max(99, 'admin.errors.pageUnknown'),
  scope: z.enum(contentScopes, 'admin.errors.pageUnknown'),
  title_en: pageTitle,
  title_zh: pageTitle,
  body_en: pageBody,
  body_zh: pageBody,
});
export type SitePageSaveInput = z.output<typeof sitePageSaveInput>;

/** /admin/pages: every site page, with the brand's own version when it has one. */
export type SitePageEntry = { kind: SitePageKind; number: number; title: string; path: string; brandVersion: string | null; sharedVersion: string | null };

/** The editor: the version being edited (or, for a brand with none yet, the shared one to start from). */
export type SitePageDraft = {
  kind: SitePageKind;
  number: number;
  scope: ContentScope;
  path: string;
  exists: boolean;
  title: { 'en-US': string; 'zh-CN': string };
  body: { 'en-US': string; 'zh-CN': string };
  updatedAt: string | null;
};

/** POST /api/admin/approveApplication: the applicant's account. */
export const applicationTargetInput = z.object({ user_id: userId });

/** POST /api/admin/rejectApplication: the reason is what the applicant reads on their application page. */
export const applicationRejectInput = z.object({
  user_id: userId,
  reason: consoleText('admin.errors.rejectReasonRequired', z.string().trim().min(1, 'admin.errors.rejectReasonRequired').max(200, 'admin.errors.reasonTooLong')),
});

/** ?status=&page= on Anchor applications: the waiting ones unless another status is asked for. */
export const applicationsQuery = z.object({
  status: z.enum(anchorApplicationStatuses).catch('verifying'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
  /** The applicant just decided on: the record opens with a line saying what happened to them. */
  decided: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
});
export type ApplicationsQuery = z.output<typeof applicationsQuery>;

/** One application as the console shows it; the ID photo is fetched from /api/admin/idPhoto by the user id. */
export type ApplicationCard = {
  userId: number;
  nickName: string;
  mobile: string;
  brandId: string;
  realName: string;
  idNumber: string;
  contactType: string;
  contact: string;
  phone: string;
  introducer: string;
  profile: string;
  status: AnchorApplicationStatus;
  rejectReason: string;
  submittedAt: string;
  reviewedAt: string | null;
};

export type ApplicationsPage = { status: AnchorApplicationStatus; rows: ApplicationCard[]; total: number; page: number; pages: number; waiting: number; decided: number | null };

/** The room moderation steps the log records (lib/db/schema/chat.ts). */
export const moderationLogActions = ['ban', 'autoBan', 'unban', 'delete', 'announce', 'appointManager', 'removeManager'] as const;

/** ?room=&actor=&target=&action=&page= on the moderation log. */
export const moderationLogQuery = z.object({
  room: z.string().trim().max(60).optional().catch(undefined),
  actor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  target: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  action: z.enum(moderationLogActions).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type ModerationLogQuery = z.output<typeof moderationLogQuery>;

/** One moderation step across rooms: who (null: the chat rules), to whom, where, and what was decided. */
export type ModerationLogRow = {
  id: number;
  at: string;
  roomKey: string;
  /** The anchor whose live room or fan group it was. */
  roomAnchor: { id: number; nickName: string; fans: boolean } | null;
  action: (typeof moderationLogActions)[number];
  actor: { id: number; nickName: string } | null;
  target: { id: number; nickName: string } | null;
  details: Record<string, string | number | null>;
};

export type ModerationLogPage = { rows: ModerationLogRow[]; total: number; page: number; pages: number };

/** ?q= on People: a user id, a phone number (or its part), or a nickname (its part). */
export const peopleSearchQuery = z.object({
  q: z.string().trim().max(40).catch(''),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const auditActions = [
  'user.ban',
  'user.unban',
  'user.sessions.revoke',
  'user.role',
  'live.end',
  'live.pushKey',
  'operator.totp',
  'page.save',
  'news.create',
  'news.save',
  'replay.hide',
  'replay.show',
  'replay.delete',
  'feedback.reply',
  'feedback.handled',
  'anchor.approve',
  'anchor.reject',
  'chat.keywords',
  'roomManager.appoint',
  'roomManager.remove',
  'quiz.close',
  'quiz.draw',
  'quiz.cancel',
  'brand.config',
  'gift.update',
  'recharge.package.add',
  'recharge.package.save',
  'mall.item.save',
  'lottery.prize.save',
  'checkin.day.save',
  'checkin.table.reset',
  'maintenance.set',
  'maintenance.clear',
  'ledger.verify',
  'ledger.export',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditQuery = z.object({
  actor: z.coerce.number().int().positive().optional().catch(undefined),
  action: z.enum(auditActions).optional().catch(undefined),
  target: z.string().trim().max(40).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AuditQuery = z.output<typeof auditQuery>;

// What the console's pages show: the server builds these, the views take them as props.

export type PersonSummary = {
  id: number;
  nickName: string;
  mobile: string;
  role: UserRole;
  consoleRole: ConsoleSubRole | null;
  brandId: string;
  createdAt: string;
  ban: BanState | null;
};

export type BanState = { reason: string; since: string; until: string | null };

export type PersonDetail = PersonSummary & { liveSessions: number; vipLevel: number; level: number; regSource: string };

export type PeoplePage = { rows: PersonSummary[]; total: number; page: number; pages: number };

type AuditRow = {
  id: number;
  at: string;
  actorId: number;
  actorName: string;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string;
};

export type AuditPage = { rows: AuditRow[]; total: number; page: number; pages: number };

export type LiveNow = {
  liveId: number;
  anchorId: number;
  anchorName: string;
  title: string;
  status: LiveState;
  viewers: number;
  startedAt: string;
};

export type DashboardFigures = {
  /** Error lines every process wrote in the last hour (to the minute). */
  errorsLastHour: number;
  viewersNow: number;
  livesNow: number;
  signUpsToday: number;
  signUps7Days: number;
  /** Paid orders since midnight UTC, with the money per currency in minor units. */
  rechargesToday: { orders: number; byCurrency: { currency: string; amountMinor: number }[] };
};

type ReplayEntry = {
  id: number;
  anchorId: number;
  anchorName: string;
  title: string;
  durationSeconds: number;
  sizeBytes: number;
  recordedAt: string;
  hiddenAt: string | null;
  path: string;
};

type FeedbackEntry = {
  id: number;
  category: FeedbackCategory;
  content: string;
  contact: string;
  locale: string;
  status: FeedbackStatus;
  createdAt: string;
  sender: { id: number; nickName: string } | null;
  reply: string | null;
  repliedAt: string | null;
};

export type FeedbackPage = { rows: FeedbackEntry[]; total: number; page: number; pages: number; newCount: number };

export type ReplaysPage = { rows: ReplayEntry[]; total: number; page: number; pages: number };

/** One appointment of a room manager (docs/room-managers.md): whose room, who, since when, appointed by whom. */
type RoomManagerRow = {
  anchor: { id: number; nickName: string };
  manager: { id: number; nickName: string };
  appointedAt: string;
  appointedBy: { id: number; nickName: string } | null;
};

/** POST /api/admin/decideQuiz: a quiz dispute decided (docs/admin.md "Quizzes"). */
export const quizDecisionInput = z.object({
  quiz_id: z.coerce.number('admin.errors.quizUnknown').int('admin.errors.quizUnknown').positive('admin.errors.quizUnknown').max(Number.MAX_SAFE_INTEGER, 'admin.errors.quizUnknown'),
  decision: z.enum(['close', 'drawA', 'drawB', 'cancel'], 'admin.errors.quizDecision'),
});
export type QuizDecisionInput = z.output<typeof quizDecisionInput>;

export type ConsoleQuizzesPage = { rows: QuizView[]; total: number; page: number; pages: number };

export type RoomManagersPage = { rows: RoomManagerRow[]; total: number; page: number; pages: number };

export type TotpStatus = { confirmed: boolean; pending?: { secret: string; uri: string } };

/** Who is looking at a console page, and what their role lets them do there. */
export type ConsoleViewer = { id: number; nickName: string; role: ConsoleRole; rights: readonly ConsoleRight[] };
