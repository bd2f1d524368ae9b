import { defineHandler } from '@/lib/server/http/handler';
import { buyMallItem } from '@/lib/server/mall/buy';
import { mallBuyInput } from '@/lib/validation/mall';

/** Buys `count` units of a mall item for the caller: {bal, backpack, vip_level, vip_expires_at}. */
export const POST = defineHandler({ auth: 'user', input: mallBuyInput }, ({ db, brand, user, input }) =>
  buyMallItem(db, { userId: user.id, brandId: brand.id, itemId: input.item_id, count: input.count, clientKey: input.idempotency_key }),
);
