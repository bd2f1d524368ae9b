import { defineHandler, noInput } from '@/lib/server/http/handler';
import { checkInToday } from '@/lib/server/checkin/check-in';
import { clientIp } from '@/lib/server/http/client-ip';
import { deviceIdFrom } from '@/lib/server/session/session-cookie';

/** POST /api/checkin/checkinToday → {RewardList, Continuous, day, bal}; already checked in: status 1 '今天已签到'. */
export const POST = defineHandler({ auth: 'user', input: noInput }, ({ db, user, locale, request, brand }) =>
  checkInToday(db, { userId: user.id, brandId: brand.id, locale, deviceId: deviceIdFrom(request), ip: clientIp(request) }),
);
