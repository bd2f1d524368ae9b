// Daily check-in (spec §3 check-in info and history, reward items; §7 /api/checkin/*): one schema per input, shared by
// the dialog, the user centre and the route handlers, and the replies they read. Messages are keys of messages/*/checkin.json.
import { z } from 'zod';
import { pageNumber } from './paging';
import { rewardTypeValues } from './checkin-constants';

/** POST /api/checkin/getCheckinHistory {page}: pages of 20, newest day first. */
export const checkinHistoryInput = z.object({
  page: pageNumber('checkin.validation.badPage'),
});

/** POST /api/checkin/checkinRetro {date}: a missed day of this month, as YYYY-MM-DD in the site's time zone. */
export const checkinRetroInput = z.object({
  date: z
    .string('checkin.validation.dateRequired')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'checkin.validation.badDate')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'checkin.validation.badDate'),
});

/** Spec §3 reward item: quantity in hundredths for the currencies (types 1 and 2), a count or points otherwise. */
const rewardItemSchema = z.object({
  reward_type: z.union(rewardTypeValues.map((value) => z.literal(value))),
  title: z.string(),
  quantity: z.number(),
  icon: z.string(),
});
export type RewardItem = z.infer<typeof rewardItemSchema>;

const checkinDaySchema = z.object({
  /** 1–7: the day of the cycle. */
  day: z.number(),
  /** The experience the day gives. */
  ExpNum: z.number(),
  IsChecked: z.boolean(),
  RewardList: z.array(rewardItemSchema),
});

/** One day of this month's calendar: checked (on the day or retroactively) or not; a day after today is `future`. */
const calendarDaySchema = z.object({ date: z.string(), state: z.enum(['checked', 'retroactive', 'missed', 'today', 'future']) });

/** POST /api/checkin/getCheckinInfo: the week (spec §3), the month, and what a retroactive check-in costs. */
export const checkinInfoReply = z.object({
  CheckinDetails: z.array(checkinDaySchema),
  Continuous: z.number(),
  IsCheckedToday: z.boolean(),
  today: z.string(),
  month: z.array(calendarDaySchema),
  retro: z.object({ cost: z.number(), limit: z.number(), used: z.number() }),
});
export type CheckinInfo = z.infer<typeof checkinInfoReply>;

/** POST /api/checkin/checkinToday: what was granted (spec §3 data.RewardList), the streak, the wallet after. */
export const checkinTodayReply = z.object({
  RewardList: z.array(rewardItemSchema),
  Continuous: z.number(),
  day: z.number(),
  bal: z.object({ diamond: z.number(), gold: z.number() }),
});
export type CheckinTodayReply = z.infer<typeof checkinTodayReply>;

/** POST /api/checkin/checkinRetro: the wallet after paying, and the check-in info with the gap filled. */
export const checkinRetroReply = z.object({ bal: z.object({ diamond: z.number(), gold: z.number() }), info: checkinInfoReply });
export type CheckinRetroReply = z.infer<typeof checkinRetroReply>;

/** One row of the history (spec §3 CheckinHistory with RewardDesc). */
const checkinHistoryItemSchema = z.object({
  date: z.string(),
  day: z.number(),
  retroactive: z.boolean(),
  RewardDesc: z.string(),
  RewardList: z.array(rewardItemSchema),
});

export const checkinHistoryReply = z.object({ CheckinHistory: z.array(checkinHistoryItemSchema), total: z.number() });
export type CheckinHistory = z.infer<typeof checkinHistoryReply>;
