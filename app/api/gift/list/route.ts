import { defineHandler } from '@/lib/server/http/handler';
import { listGifts } from '@/lib/server/gifts/catalogue';
import { giftListInput } from '@/lib/validation/gifts';

/** POST /api/gift/list {anchor_id}: the gift catalogue of the anchor's brand. */
const giftList = defineHandler({ auth: 'none', input: giftListInput, methods: ['GET', 'POST'] }, ({ db, input, locale }) => listGifts(db, input.anchor_id, locale));

export { giftList as GET, giftList as POST };
