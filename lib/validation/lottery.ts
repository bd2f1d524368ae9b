// The lottery (spec §2.2 /lottery, shown with lottery_switch; chances come from check-in day 7 and operators): one
// schema per input, shared by the page and the route handlers, and the replies they read. Messages:
// messages/*/lottery.json.
import { z } from 'zod';
import { pageNumber } from './paging';
import { lotteryPrizeKinds } from './lottery-constants';


/** POST /api/lottery/draw {idempotency_key}: one chance spent, one prize; the same key twice draws once. */
export const lotteryDrawInput = z.object({
  idempotency_key: z.string('lottery.validation.badKey').min(1, 'lottery.validation.badKey').max(100, 'lottery.validation.badKey').regex(/^[\w.:-]+$/, 'lottery.validation.badKey'),
});

/** POST /api/lottery/history {page}. */
export const lotteryHistoryInput = z.object({
  page: pageNumber('lottery.validation.badPage'),
});

const prizeView = z.object({
  prize_id: z.number(),
  name: z.string(),
  kind: z.enum(lotteryPrizeKinds),
  /** Hundredths for currencies, a count for items. */
  quantity: z.number(),
  /** The chance of this prize per draw, in percent with two decimals, among the prizes still in stock. */
  probability: z.number(),
  /** Null: unlimited. */
  stock: z.number().nullable(),
});
export type LotteryPrizeView = z.infer<typeof prizeView>;

export const lotteryInfoReply = z.object({ prizes: z.array(prizeView), chances: z.number() });
export type LotteryInfo = z.infer<typeof lotteryInfoReply>;

export const lotteryDrawReply = z.object({ draw_id: z.number(), prize: prizeView, chances: z.number(), bal: z.object({ diamond: z.number(), gold: z.number() }) });
export type LotteryDrawReply = z.infer<typeof lotteryDrawReply>;

const drawRow = z.object({ draw_id: z.number(), prize_name: z.string(), kind: z.enum(lotteryPrizeKinds), quantity: z.number(), created_at: z.number() });
export const lotteryHistoryReply = z.object({ list: z.array(drawRow), total: z.number() });
export type LotteryHistory = z.infer<typeof lotteryHistoryReply>;
