import { defineHandler, noInput } from '@/lib/server/http/handler';
import { readLotteryInfo } from '@/lib/server/lottery/lottery';

/** The brand's prize table (its own or the default) with each prize's chance now, and the caller's lottery chances. */
const handler = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, ({ db, user, locale, brand }) => readLotteryInfo(db, user.id, brand.id, locale));

export const GET = handler;
export const POST = handler;
