// Live streaming (spec §3, §5, §7): one schema per input, shared by the dialogs and the route handlers, and the
// replies of the live, anchor and replay calls, which the server builds typed by these schemas and the browser reads.
// Messages are keys of messages/*/live.json, so a form and its handler say the same words in both languages.
import { z } from 'zod';
import { pageNumber, pageSize } from './paging';
import type { Locale } from '@/lib/i18n/locales';
import { phoneSchema, smsCodeSchema } from './auth';
import { liveStatuses, liveTitleMax } from './live-constants';
import { liveEventSchema, matchCardSchema, scoreSchema } from './matches';

// The constants the browser needs without the schemas (the live room's bundle): lib/validation/live-constants.ts.
export { hdTicketCost, liveStatuses, type LiveStatus } from './live-constants';

/** Spec §5/§9 limits. */
const ticketCountMax = 9999;
export const coverMaxBytes = 2 * 1024 * 1024;
export const profileMinWords = 15;
const profileMaxLength = 1000;
/** Spec §5: jpeg, gif, png and bmp; the extension jfif is refused even though its content is JPEG. */
export const coverExtensions = ['jpg', 'jpeg', 'gif', 'png', 'bmp'] as const;
const livePageSizeMax = 50;
/** Planned lives are for the coming weeks, not years ahead. */
const planHorizonDays = 90;
/** Spec §3: messaging contacts of an anchor application (WhatsApp and Facebook in English, QQ and WeChat in Chinese). */
export const anchorContactTypes = ['whatsapp', 'facebook', 'qq', 'wechat'] as const;
export type AnchorContactType = (typeof anchorContactTypes)[number];

/** An anchor application waits for a decision, is approved or refused (and may then be sent again). */
export const anchorApplicationStatuses = ['verifying', 'verified', 'failed'] as const;
export type AnchorApplicationStatus = (typeof anchorApplicationStatuses)[number];

const id = (message: string) => z.coerce.number(message).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const optionalId = z.coerce.number('live.validation.badId').int('live.validation.badId').min(0, 'live.validation.badId').max(Number.MAX_SAFE_INTEGER).default(0);
/** Categories and matches have 32-bit integer ids: a larger one is refused here rather than failing the query. */
const int32IdMax = 2_147_483_647;
const optionalInt32Id = z.coerce.number('live.validation.badId').int('live.validation.badId').min(0, 'live.validation.badId').max(int32IdMax, 'live.validation.badId').default(0);
const switchValue = z.coerce.number('live.validation.badSwitch').pipe(z.literal([0, 1], 'live.validation.badSwitch')).default(0);
const coverUrl = z.string('live.validation.badCover').trim().max(500, 'live.validation.badCover').default('');

/** Spec §5: required, at most 50 characters as the reader counts them. */
const liveTitleSchema = z
  .string('live.validation.titleRequired')
  .trim()
  .min(1, 'live.validation.titleRequired')
  .refine((value) => Array.from(value).length <= liveTitleMax, 'live.validation.titleTooLong');

const categorySchema = z.coerce
  .number('live.validation.categoryRequired')
  .int('live.validation.categoryRequired')
  .positive('live.validation.categoryRequired')
  .max(int32IdMax, 'live.validation.categoryRequired');
const childCategorySchema = z.coerce
  .number('live.validation.childCategoryRequired')
  .int('live.validation.childCategoryRequired')
  .positive('live.validation.childCategoryRequired')
  .max(int32IdMax, 'live.validation.childCategoryRequired');
const ticketCountSchema = z.coerce
  .number('live.validation.ticketRequired')
  .int('live.validation.ticketRequired')
  .min(0, 'live.validation.ticketRequired')
  .max(ticketCountMax, 'live.validation.ticketTooLarge')
  .default(0);

/** POST /webapi/live/startLive: the §3 start-live payload. room_type, price and start_stamp are fixed at 0 by the spec. */
export const startLiveInput = z
  .object({
    title: liveTitleSchema,
    category: categorySchema,
    cateid: childCategorySchema,
    stream: z.string().trim().max(64).default(''),
    stream_name: z.string().trim().max(64).default(''),
    thumb: coverUrl,
    thumb_y: coverUrl,
    room_type: z.coerce.number().pipe(z.literal(0, 'live.validation.roomType')).default(0),
    anchor_secret: z.string().trim().max(128).default(''),
    price: z.coerce.number().pipe(z.literal(0, 'live.validation.price')).default(0),
    start_stamp: z.coerce.number().int().min(0).default(0),
    match_id: optionalInt32Id,
    ticket: ticketCountSchema,
    enable_webrtc: switchValue,
    ticket_toogle: switchValue,
  })
  .superRefine((input, ctx) => {
    // Spec §5: with the ticket switch on, a ticket count is required (turning it on sets 1).
    if (input.ticket_toogle === 1 && input.ticket < 1) ctx.addIssue({ code: 'custom', path: ['ticket'], message: 'live.validation.ticketRequired' });
  });
export type StartLiveInput = z.output<typeof startLiveInput>;

/** Unix seconds or milliseconds, or an ISO date; planned lives lie between now and planHorizonDays ahead. */
const planTimeSchema = z
  .union([z.number(), z.string().trim()], 'live.validation.planTimeRequired')
  .transform((value, ctx) => {
    const text = String(value);
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: 'live.validation.planTimeRequired' });
      return z.NEVER;
    }
    const numeric = /^\d+$/.test(text) ? Number(text) : undefined;
    const date = numeric === undefined ? new Date(text) : new Date(numeric > 1e12 ? numeric : numeric * 1000);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'live.validation.planTimeInvalid' });
      return z.NEVER;
    }
    return date;
  })
  .refine((date) => date.getTime() > Date.now() - 60_000, 'live.validation.planTimePast')
  .refine((date) => date.getTime() < Date.now() + planHorizonDays * 86_400_000, 'live.validation.planTimeTooFar');

/** POST /api/live/anchor_plan_create: the §3 planned-live payload; `thumb` is the vertical cover. */
export const planCreateInput = z.object({
  anchor_id: optionalId,
  title: liveTitleSchema,
  category_id: categorySchema,
  child_category_id: childCategorySchema,
  thumb: z.string('live.validation.verticalCoverRequired').trim().min(1, 'live.validation.verticalCoverRequired').max(500, 'live.validation.badCover'),
  plan_time: planTimeSchema,
  match_id: optionalInt32Id,
  ticket: ticketCountSchema,
});
export type PlanCreateInput = z.output<typeof planCreateInput>;

export const planIdInput = z.object({ plan_id: id('live.validation.planRequired') });

export const planListInput = z.object({ status: z.enum(['planned', 'started', 'cancelled', 'all'], 'live.validation.badStatus').default('planned') });

/** POST /api/user/file and /api/anchor/uploadIdPhoto (multipart, field `file`); the server also checks the content. */
export const coverUploadInput = z.object({
  file: z.file('live.validation.coverRequired').min(1, 'live.validation.coverRequired').max(coverMaxBytes - 1, 'live.validation.coverTooLarge'),
});

/** POST /api/live/ticket: `uid` is the caller (the spec sends it; another user's id is refused). */
export const ticketInput = z.object({ uid: optionalId, anchor_id: id('live.validation.anchorRequired') });

export const backpackInput = z.object({ user_id: optionalId });

/** POST /api/anchor/attentAnchor */
export const attentAnchorInput = z.object({ anchorid: id('live.validation.anchorRequired') });

export const anchorIdInput = z.object({ anchor_id: id('live.validation.anchorRequired') });

const page = pageNumber('live.validation.badPage');
const size = pageSize('live.validation.badPage', livePageSizeMax, 20);

/** /liveMatches: by category and secondary category; 0 (the default) is "all live". */
export const liveListInput = z.object({ category_id: optionalInt32Id, child_category_id: optionalInt32Id, page, size });

export const replayListInput = z.object({ anchor_id: optionalId, category_id: optionalInt32Id, page, size });
export const replayIdInput = z.object({ replay_id: id('live.validation.replayRequired') });
export const pageInput = z.object({ page, size });

/** CJK characters count one word each, other text counts words between spaces (spec §5 "at least 15 words"). */
export function countWords(text: string): number {
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
  const cjkCount = text.match(cjk)?.length ?? 0;
  const otherWords = text
    .replace(cjk, ' ')
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return cjkCount + otherWords;
}

/** A mainland resident ID: 17 digits and a check character (ISO 7064 MOD 11-2). */
function isChineseIdNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return '10X98765432'[sum % 11] === value[17];
}

/** The §3 anchor application; the ID number rule follows the locale, like the phone's. */
export function anchorApplyInput(locale: Locale) {
  return z.object({
    real_name: z
      .string('live.validation.realNameRequired')
      .trim()
      .min(1, 'live.validation.realNameRequired')
      .refine((value) => Array.from(value).length >= 2 && Array.from(value).length <= 30, 'live.validation.realNameLength'),
    contact_type: z.enum(anchorContactTypes, 'live.validation.contactTypeRequired'),
    contact: z.string('live.validation.contactRequired').trim().min(1, 'live.validation.contactRequired').max(64, 'live.validation.contactTooLong'),
    id_number: z
      .string('live.validation.idNumberRequired')
      .trim()
      .toUpperCase()
      .min(1, 'live.validation.idNumberRequired')
      .refine((value) => (locale === 'zh-CN' ? isChineseIdNumber(value) : /^[A-Z0-9-]{5,20}$/.test(value)), 'live.validation.idNumberInvalid'),
    id_photo: z.string('live.validation.idPhotoRequired').trim().min(1, 'live.validation.idPhotoRequired').max(100, 'live.validation.idPhotoRequired'),
    profile: z
      .string('live.validation.profileTooShort')
      .trim()
      .max(profileMaxLength, 'live.validation.profileTooLong')
      .refine((value) => countWords(value) >= profileMinWords, 'live.validation.profileTooShort'),
    phone: phoneSchema(locale),
    introducer: z.string().trim().max(30, 'live.validation.introducerTooLong').default(''),
    code: smsCodeSchema,
  });
}
export type AnchorApplyInput = z.output<ReturnType<typeof anchorApplyInput>>;

// ── Vocabulary: the database's columns and the replies below take their values from these ─────────────────

/** waiting: opened, no stream yet; live: stream up; away: stream dropped, within the grace period; ended. */
export const liveStates = ['waiting', 'live', 'away', 'ended'] as const;
export type LiveState = (typeof liveStates)[number];

const liveStatusSchema = z.literal([liveStatuses.notStarted, liveStatuses.live, liveStatuses.away]);

export const livePlanStatuses = ['planned', 'started', 'cancelled'] as const;
export type LivePlanStatus = (typeof livePlanStatuses)[number];

/** A ticket movement as the voucher page lists it: received, or spent on HD. */
const ticketMovementReasons = ['grant', 'spend'] as const;

/** The quality ladder's renditions (spec §9): the source, then the 720p and 480p rungs below it. */
export const renditionNames = ['src', '720', '480'] as const;
export type Rendition = (typeof renditionNames)[number];

/** Spec §4 anchor application statuses: not certified, verifying, verified, failed (retry). */
export const applicationStatus = { notCertified: 0, verifying: 1, verified: 2, failed: 3 } as const;
export type ApplicationStatus = (typeof applicationStatus)[keyof typeof applicationStatus];

const flag = z.literal([0, 1]);
const text = z.string().catch('');
const count = z.coerce.number().finite().catch(0);

// ── Replies: watching ───────────────────────────────────────────────────────────────────────────

const qualitySchema = z.object({ name: z.string(), rendition: z.enum(renditionNames), hd: flag, locked: flag, flv: z.string(), hls: z.string() });
export type Quality = z.infer<typeof qualitySchema>;

/** The addresses this viewer may play; a ticketed live's source (HD) stays locked until they spent a ticket. */
const playInfoSchema = z.object({ flv: z.string(), hls: z.string(), qualities: z.array(qualitySchema) });
export type PlayInfo = z.infer<typeof playInfoSchema>;

/** POST /api/live/getRoomInfo: the live room's state for this viewer (anchor, live state, match, heat, play addresses). */
export const roomInfoReply = z.object({
  anchor: z.object({ id: z.number(), nick_name: z.string(), avatar: z.string(), level: z.number(), vip_level: z.number(), fans: z.number(), is_followed: flag }),
  title: z.string(),
  cover: z.string(),
  /** The cover's sizes as an <img> srcset (width descriptors); '' when it comes in one size. */
  cover_srcset: z.string(),
  live: z
    .object({
      live_id: z.number().int(),
      state: z.enum(liveStates),
      live_status: liveStatusSchema,
      title: z.string(),
      category_id: z.number(),
      child_category_id: z.number(),
      cover: z.string(),
      cover_v: z.string(),
      started_at: z.number(),
      stream_started_at: z.number(),
    })
    .nullable(),
  live_status: liveStatusSchema,
  match: matchCardSchema.nullable(),
  heat: z.number(),
  play: playInfoSchema,
  ticket: z.object({ required: flag, cost: z.number(), granted: flag, ticket: z.number() }),
});
export type RoomInfo = z.infer<typeof roomInfoReply>;

/** What a live card and a replay card both show: whose broadcast, its title and cover, its category and match. */
const broadcastCardFields = {
  live_id: z.number(),
  anchor_id: z.number(),
  nick_name: z.string(),
  avatar: z.string(),
  title: z.string(),
  cover: z.string(),
  category_id: z.number(),
  child_category_id: z.number(),
  match: matchCardSchema.nullable(),
};

const liveListItemSchema = z.object({
  ...broadcastCardFields,
  cover_v: z.string(),
  live_status: liveStatusSchema,
  heat: z.number(),
  ticket: z.number(),
});
export type LiveListItem = z.infer<typeof liveListItemSchema>;
/** POST /api/live/getLiveList: lives on air (live or away), busiest first. */
export const liveListReply = z.object({ list: z.array(liveListItemSchema), total: z.number() });
export type LiveList = z.infer<typeof liveListReply>;

/** A room as the public pages list it (a match's rooms, a keyword's rooms). `title` is empty for an anchor off air. */
export const roomCardSchema = z.object({
  anchorId: z.number(),
  nickName: z.string(),
  avatar: z.string(),
  title: z.string(),
  onAir: z.boolean(),
  viewers: z.number(),
  path: z.string(),
});
export type RoomCard = z.infer<typeof roomCardSchema>;

export const replayItemSchema = z.object({
  id: z.number(),
  ...broadcastCardFields,
  duration: z.number(),
  size: z.number(),
  started_at: z.number(),
  ended_at: z.number(),
  /** MP4 with byte ranges: seekable in a plain <video>. */
  url: z.string(),
});
/** POST /api/live/getReplayInfo. */
export type ReplayItem = z.infer<typeof replayItemSchema>;
/** POST /api/live/getReplayList: replays, newest first. */
export const replayListReply = z.object({ list: z.array(replayItemSchema), total: z.number() });
export type ReplayList = z.infer<typeof replayListReply>;

/**
 * POST /api/live/getReplayEvents: the goals, cards, substitutions and periods of a replay's match where the recording
 * shows them (`offset`, seconds into the file), and the score when it began (null before kick-off). Empty without a match.
 */
export const replayEventsReply = z.object({
  start_score: scoreSchema.nullable(),
  events: z.array(liveEventSchema.extend({ offset: z.number() })),
});
export type ReplayEvents = z.infer<typeof replayEventsReply>;

/**
 * The score a replay shows `seconds` into its file: the last one an event up to then left (kick-off makes it 0–0;
 * shoot-out kicks keep their own tally), else the one it began with. The server folds the events before the recording
 * into `start_score` by the same rule.
 */
export function replayScoreAt(data: ReplayEvents, seconds: number): ReplayEvents['start_score'] {
  let score = data.start_score;
  for (const event of data.events) {
    if (event.offset > seconds) break;
    if (event.kind === 'period_start' && event.period === 1) score ??= { home: 0, away: 0 };
    if (event.period < 5 && event.home_score !== null && event.away_score !== null) score = { home: event.home_score, away: event.away_score };
  }
  return score;
}

/** POST /api/anchor/getAnchorInfo (/anchorInfo/{id}). `is_live`: 1 while on air (live or away briefly). */
export const anchorInfoReply = z.object({
  id: z.number(),
  nick_name: z.string(),
  avatar: z.string(),
  level: z.number(),
  vip_level: z.number(),
  fans: z.number(),
  is_followed: flag,
  live_status: liveStatusSchema,
  is_live: flag,
  title: z.string(),
  cover: z.string(),
  profile: z.string(),
  replays: z.number(),
});
export type AnchorInfo = z.infer<typeof anchorInfoReply>;

/** POST /api/anchor/attentAnchor: type 1 when now followed, 0 when unfollowed. */
export const toggleFollowReply = z.object({ type: flag, fans: z.number() });
export type ToggleFollowReply = z.infer<typeof toggleFollowReply>;

const followedAnchorSchema = z.object({
  anchor_id: z.number(),
  nick_name: z.string(),
  avatar: z.string(),
  level: z.number(),
  is_live: flag,
  title: z.string(),
  followed_at: z.number(),
});
export type FollowedAnchor = z.infer<typeof followedAnchorSchema>;
/** POST /api/anchor/getFollowList (/user-center/focus): live ones first. */
export const followListReply = z.object({ list: z.array(followedAnchorSchema) });
export type FollowList = z.infer<typeof followListReply>;

const watchHistoryItemSchema = z.object({
  anchor_id: z.number(),
  nick_name: z.string(),
  avatar: z.string(),
  title: z.string(),
  live_status: liveStatusSchema,
  watched_at: z.number(),
});
export type WatchHistoryItem = z.infer<typeof watchHistoryItemSchema>;
/** POST /api/live/watchHistory (/user-center/watchHistory): newest first. */
export const watchHistoryReply = z.object({ list: z.array(watchHistoryItemSchema) });
export type WatchHistory = z.infer<typeof watchHistoryReply>;

/** POST /api/live/user_backpack (spec §3 backpack: items with type and quantity; 105 is the ticket). */
export const backpackReply = z.object({ user_backpack: z.array(z.object({ type: z.number(), props_id: z.number(), quantity: z.number() })) });
export type Backpack = z.infer<typeof backpackReply>;

/** POST /api/live/ticket: HD of the anchor's current live; `spent` 0 when it was already granted (nothing spent). */
export const ticketReply = z.object({ spent: flag, remaining: z.number(), live_id: z.number(), play: playInfoSchema });
export type TicketReply = z.infer<typeof ticketReply>;

const ticketHistoryItemSchema = z.object({
  id: z.number(),
  change: z.number(),
  reason: z.enum(ticketMovementReasons),
  note: z.string(),
  live_id: z.number(),
  anchor_id: z.number(),
  anchor_name: z.string(),
  created_at: z.number(),
});
/** POST /api/live/ticket_history (/user-center/voucher): newest first, and the tickets left. */
export const ticketHistoryReply = z.object({ list: z.array(ticketHistoryItemSchema), remaining: z.number() });
export type TicketHistory = z.infer<typeof ticketHistoryReply>;

// ── Replies: the anchor's own calls ─────────────────────────────────────────────────────────────

export const liveCategorySchema = z.object({
  id: z.number().int(),
  name: text,
  second_category: z.array(z.object({ id: z.number().int(), name: text })).catch([]),
});
export type LiveCategory = z.infer<typeof liveCategorySchema>;
/** GET /webapi/live/getCategory: categories with their secondary categories. */
export const categoriesReply = z.array(liveCategorySchema);

/** POST /webapi/live/getStreamInfo and /webapi/live/resetStreamKey: the caller's push address and key. */
export const streamInfoReply = z.object({
  push_url: text,
  web_rtc_push_url: text,
  stream: text,
  anchor_secret: text,
  /** The push address split as OBS asks for it. */
  push_server: text,
  push_key: text,
});
export type StreamInfo = z.infer<typeof streamInfoReply>;

/** POST /webapi/live/startLive and /api/live/anchor_plan_start. */
export const startedLiveReply = z.object({ live_id: z.number().int(), anchor_id: z.number().int(), status: z.enum(liveStates), room_path: z.string().min(1) });
export type StartedLive = z.infer<typeof startedLiveReply>;

/** POST /webapi/live/endLive: the ended live, whose id leads to its summary. */
export const endLiveReply = z.object({ live_id: z.number().int() });
export type EndLiveReply = z.infer<typeof endLiveReply>;

/** A planned live (/api/live/anchor_plan_create, _cancel, _list); `plan_time` in Unix seconds, `live_id` 0 until started. */
export const planViewSchema = z.object({
  id: z.number().int(),
  anchor_id: z.number().int(),
  title: text,
  category_id: count,
  child_category_id: count,
  match_id: count,
  thumb: text,
  ticket: count,
  plan_time: count,
  status: z.enum(livePlanStatuses),
  live_id: z.number().int(),
});
export type PlanView = z.infer<typeof planViewSchema>;
/** POST /api/live/anchor_plan_list: the caller's planned lives, soonest first. */
export const planListReply = z.object({ list: z.array(planViewSchema) });
export type PlanList = z.infer<typeof planListReply>;

/** POST /api/live/getPlanList (/schedule-preview): every anchor's upcoming planned lives, with the anchor. */
const publicPlanSchema = planViewSchema.extend({ nick_name: z.string(), avatar: z.string() });
export type PublicPlan = z.infer<typeof publicPlanSchema>;
export const publicPlanListReply = z.object({ list: z.array(publicPlanSchema) });
export type PublicPlanList = z.infer<typeof publicPlanListReply>;

const applicationStatusNames = ['not_certified', 'verifying', 'verified', 'failed'] as const;

/** POST /api/anchor/applyInfo and /api/anchor/apply: the caller's application and its status. */
export const applicationReply = z.object({
  status: z.literal([applicationStatus.notCertified, applicationStatus.verifying, applicationStatus.verified, applicationStatus.failed]),
  status_name: z.enum(applicationStatusNames),
  reject_reason: text,
  submitted_at: count,
  reviewed_at: count,
  /** What was sent, with the identity number and phone masked. */
  application: z
    .object({
      real_name: text,
      contact_type: z.enum(anchorContactTypes),
      contact: text,
      id_number: text,
      profile: text,
      phone: text,
      introducer: text,
    })
    .nullable()
    .catch(null),
});
export type ApplicationView = z.infer<typeof applicationReply>;

/** POST /api/anchor/uploadIdPhoto: a name only this user can refer to. */
export const uploadIdPhotoReply = z.object({ id_photo: z.string().min(1) });
export type UploadIdPhotoReply = z.infer<typeof uploadIdPhotoReply>;

/** POST /api/user/file: the stored cover's path (relative to img_upload_url), as a list of one. */
export const coverUploadReply = z.array(z.string().min(1)).min(1);

/** Spec §7 {provider}_sts (/api/oss_sts): credentials for one direct cover upload. */
export const uploadCredentialsReply = z.object({
  /** Spec §3 upload credentials: the temporary id, key and token. */
  Credentials: z.object({ AccessKeyId: z.string().min(1), AccessKeySecret: z.string().min(1), SecurityToken: z.string().min(1) }),
  /** Unix seconds. */
  ExpiredTime: z.number(),
  bucket: z.string().min(1),
  region: z.string().min(1),
  /** The browser puts the file at images/{filename}{ext}; the credentials allow nothing else. */
  filename: z.string().min(1),
  /** Where the stored object is then served from (images/{filename}{ext} appended). */
  url_prefix: z.string(),
});
export type UploadCredentials = z.infer<typeof uploadCredentialsReply>;

