// The mall's API shapes (spec §2.2 /mall): the catalogue, a purchase and its reply. Messages are keys of
// messages/*/mall.json. The browser's constants without zod: ./mall-constants.ts.
import { z } from 'zod';
import { maxPurchaseCount, mallTabs } from './mall-constants';

/** A retry of the same purchase sends the same key; the server scopes it to the caller. */
const idempotencyKey = z
  .string('mall.validation.badKey')
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'mall.validation.badKey');

/** POST /api/mall/buy: `count` units of one item (a VIP purchase counts periods). */
export const mallBuyInput = z.object({
  item_id: z.number('mall.validation.badItem').int('mall.validation.badItem').positive('mall.validation.badItem').max(Number.MAX_SAFE_INTEGER, 'mall.validation.badItem'),
  count: z.number('mall.validation.badCount').int('mall.validation.badCount').min(1, 'mall.validation.badCount').max(maxPurchaseCount, 'mall.validation.badCount'),
  idempotency_key: idempotencyKey,
});

const mallItemSchema = z.object({
  id: z.number(),
  tab: z.enum(mallTabs),
  kind: z.enum(['item', 'vip']),
  /** kind item: the backpack item type and props id; 0 for VIP. */
  item_type: z.number(),
  props_id: z.number(),
  /** kind vip: the level and the days one unit adds; 0 for items. */
  vip_level: z.number(),
  period_days: z.number(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** Hundredths of `currency` per unit. */
  price: z.number(),
  currency: z.enum(['diamond', 'gold']),
  /** Items one unit puts in the backpack. */
  quantity: z.number(),
  /** Units left; -1 = unlimited. */
  stock: z.number(),
});
export type MallItemView = z.infer<typeof mallItemSchema>;

export const mallListReply = z.object({ list: z.array(mallItemSchema) });
export type MallList = z.infer<typeof mallListReply>;

/** After a purchase: the balances (hundredths), the backpack, and the membership (expiry in Unix seconds, 0 = none). */
export const mallBuyReply = z.object({
  bal: z.object({ diamond: z.number(), gold: z.number() }),
  backpack: z.array(z.object({ type: z.number(), props_id: z.number(), quantity: z.number() })),
  vip_level: z.number(),
  vip_expires_at: z.number(),
});
export type MallBuyReply = z.infer<typeof mallBuyReply>;
