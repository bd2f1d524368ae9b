import { defineHandler, noInput } from '@/lib/server/http/handler';
import { readCheckinInfo } from '@/lib/server/checkin/views';

/** /api/checkin/getCheckinInfo: the week (CheckinDetails, the brand's rewards), Continuous, IsCheckedToday, this month, the retroactive allowance. */
const handler = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, ({ db, user, locale, brand }) =>
  readCheckinInfo(db, user.id, brand.id, locale),
);

export const GET = handler;
export const POST = handler;
