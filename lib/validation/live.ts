// Live-streaming inputs (spec §3, §5, §7): one schema per input, shared by the dialogs and the route handlers.
// Messages are keys of messages/*/live.json, so a form and its handler say the same words in both languages.
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';
import { phoneSchema, smsCodeSchema } from './auth';

/** Spec §5/§9 limits. */
export const liveTitleMax = 50;
export const ticketCountMax = 9999;
export const coverMaxBytes = 2 * 1024 * 1024;
export const profileMinWords = 15;
export const profileMaxLength = 1000;
/** Spec §2.4 item 6, §9: HD of a live costs exactly one ticket, whatever count a live was started with. */
export const hdTicketCost = 1;
/** Spec §3: backpack item type 105 is the viewing ticket. */
export const ticketItemType = 105;
/** Spec §5: jpeg, gif, png and bmp; the extension jfif is refused even though its content is JPEG. */
export const coverExtensions = ['jpg', 'jpeg', 'gif', 'png', 'bmp'] as const;
export const livePageSizeMax = 50;
/** Planned lives are for the coming weeks, not years ahead. */
export const planHorizonDays = 90;
/** Spec §3: messaging contacts of an anchor application (WhatsApp and Facebook in English, QQ and WeChat in Chinese). */
export const anchorContactTypes = ['whatsapp', 'facebook', 'qq', 'wechat'] as const;
export type AnchorContactType = (typeof anchorContactTypes)[number];

const id = (message: string) => z.coerce.number(message).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const optionalId = z.coerce.number('live.validation.badId').int('live.validation.badId').min(0, 'live.validation.badId').max(Number.MAX_SAFE_INTEGER).default(0);
const switchValue = z.coerce.number('live.validation.badSwitch').pipe(z.literal([0, 1], 'live.validation.badSwitch')).default(0);
const coverUrl = z.string('live.validation.badCover').trim().max(500, 'live.validation.badCover').default('');

/** Spec §5: required, at most 50 characters as the reader counts them. */
export const liveTitleSchema = z
  .string('live.validation.titleRequired')
  .trim()
  .min(1, 'live.validation.titleRequired')
  .refine((value) => Array.from(value).length <= liveTitleMax, 'live.validation.titleTooLong');

const categorySchema = z.coerce.number('live.validation.categoryRequired').int('live.validation.categoryRequired').positive('live.validation.categoryRequired');
const childCategorySchema = z.coerce
  .number('live.validation.childCategoryRequired')
  .int('live.validation.childCategoryRequired')
  .positive('live.validation.childCategoryRequired');
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
    match_id: optionalId,
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
export const planTimeSchema = z
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
  match_id: optionalId,
  ticket: ticketCountSchema,
});
export type PlanCreateInput = z.output<typeof planCreateInput>;

export const planIdInput = z.object({ plan_id: id('live.validation.planRequired') });

export const planListInput = z.object({ status: z.enum(['planned', 'started', 'cancelled', 'all'], 'live.validation.badStatus').default('planned') });

/** POST /api/user/file and /api/anchor/uploadIdPhoto (multipart, field `file`); the server also checks the content. */
export const coverUploadInput = z.object({
  file: z.file('live.validation.coverRequired').max(coverMaxBytes - 1, 'live.validation.coverTooLarge'),
});

/** POST /api/live/ticket: `uid` is the caller (the spec sends it; another user's id is refused). */
export const ticketInput = z.object({ uid: optionalId, anchor_id: id('live.validation.anchorRequired') });

export const backpackInput = z.object({ user_id: optionalId });

/** POST /api/anchor/attentAnchor */
export const attentAnchorInput = z.object({ anchorid: id('live.validation.anchorRequired') });

export const anchorIdInput = z.object({ anchor_id: id('live.validation.anchorRequired') });

const page = z.coerce.number('live.validation.badPage').int('live.validation.badPage').min(1, 'live.validation.badPage').max(10_000, 'live.validation.badPage').default(1);
const size = z.coerce.number('live.validation.badPage').int('live.validation.badPage').min(1, 'live.validation.badPage').max(livePageSizeMax, 'live.validation.badPage').default(20);

/** /liveMatches: by category and secondary category; 0 (the default) is "all live". */
export const liveListInput = z.object({ category_id: optionalId, child_category_id: optionalId, page, size });

export const replayListInput = z.object({ anchor_id: optionalId, category_id: optionalId, page, size });
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
export function isChineseIdNumber(value: string): boolean {
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
