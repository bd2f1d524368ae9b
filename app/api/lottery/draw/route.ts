import { defineHandler } from '@/lib/server/http/handler';
import { drawLottery } from '@/lib/server/lottery/lottery';
import { lotteryDrawInput } from '@/lib/validation/lottery';

/** One draw: a chance spent, a prize paid through the ledger; the same key twice draws once. */
export const POST = defineHandler({ auth: 'user', input: lotteryDrawInput }, ({ db, input, user, locale, brand }) =>
  drawLottery(db, user.id, brand.id, input.idempotency_key, locale),
);
