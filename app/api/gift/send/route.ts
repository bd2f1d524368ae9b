import { defineHandler } from '@/lib/server/http/handler';
import { sendGiftInput } from '@/lib/server/gifts/send';
import { giftSendInput } from '@/lib/validation/gifts';

/** POST /api/gift/send {anchor_id, gift_id, count, idempotency_key} → {bal, hit}; the same rules as the giftFeed frame. */
export const POST = defineHandler({ auth: 'user', input: giftSendInput }, ({ db, input, user }) => sendGiftInput(db, undefined, user.id, input));
