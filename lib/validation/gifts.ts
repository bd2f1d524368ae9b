// Gifts (spec §3 gift message, §7 giftFeed, §8 error 10152): the inputs of /api/gift/list and /api/gift/send, shared
// by the gift panel and the handlers, and their replies. Messages are keys of messages/*/gifts.json.
import { z } from 'zod';
import { giftCountMax, giftIdempotencyKeyMax } from './gift-constants';

const anchorId = z.coerce.number('gifts.validation.anchorRequired').int('gifts.validation.anchorRequired').positive('gifts.validation.anchorRequired').max(Number.MAX_SAFE_INTEGER, 'gifts.validation.anchorRequired');

/** POST /api/gift/list {anchor_id}: the catalogue of the anchor's brand. */
export const giftListInput = z.object({ anchor_id: anchorId });

/** The fields of one send, shared by POST /api/gift/send and the realtime giftFeed frame. */
const giftSendFields = {
  anchor_id: anchorId,
  gift_id: z.coerce.number('gifts.validation.giftRequired').int('gifts.validation.giftRequired').positive('gifts.validation.giftRequired').max(2_147_483_647, 'gifts.validation.giftRequired'),
  // A count is whole and within 1..9999: never a fraction, never zero or less, never near 2^53.
  count: z.number('gifts.validation.badCount').int('gifts.validation.badCount').min(1, 'gifts.validation.badCount').max(giftCountMax, 'gifts.validation.badCount'),
  idempotency_key: z
    .string('gifts.validation.keyRequired')
    .min(1, 'gifts.validation.keyRequired')
    .max(giftIdempotencyKeyMax, 'gifts.validation.badKey')
    .regex(/^[\w.:-]+$/, 'gifts.validation.badKey'),
};

/** POST /api/gift/send {anchor_id, gift_id, count, idempotency_key}. */
export const giftSendInput = z.object(giftSendFields);
export type GiftSendInput = z.infer<typeof giftSendInput>;

const currencySchema = z.enum(['diamond', 'gold']);

/** One gift of the catalogue as spec §3 names its fields; price in hundredths of `currency`, duration in ms. */
const giftItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  currency: currencySchema,
  icon: z.string(),
  animation: z.string(),
  animat_type: z.number(),
  duration: z.number(),
  combo: z.union([z.literal(0), z.literal(1)]),
});
export type GiftItem = z.infer<typeof giftItemSchema>;

export const giftListReply = z.object({ list: z.array(giftItemSchema) });
export type GiftList = z.infer<typeof giftListReply>;

/** The sender's wallet after the debit (spec §3 balance update) and the combo count of this send. */
export const giftSendReply = z.object({ bal: z.object({ diamond: z.number(), gold: z.number() }), hit: z.number() });
export type GiftSendReply = z.infer<typeof giftSendReply>;
