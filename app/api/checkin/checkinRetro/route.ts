import { defineHandler } from '@/lib/server/http/handler';
import { checkInRetro } from '@/lib/server/checkin/retro';
import { checkinRetroInput } from '@/lib/validation/checkin';

/** POST /api/checkin/checkinRetro {date}: pays for a missed day of this month → {bal, info}. */
export const POST = defineHandler({ auth: 'user', input: checkinRetroInput }, ({ db, user, locale, input, brand }) =>
  checkInRetro(db, { userId: user.id, brandId: brand.id, date: input.date, locale }),
);
