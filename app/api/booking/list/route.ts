import { defineHandler } from '@/lib/server/http/handler';
import { listBookings } from '@/lib/server/bookings/bookings';
import { bookingListInput } from '@/lib/validation/bookings';

/** /user-center/mySchedule: the caller's bookings, what has not started first. */
const handler = defineHandler({ auth: 'user', input: bookingListInput, methods: ['GET', 'POST'] }, ({ db, input, user, locale }) =>
  listBookings(db, user.id, locale, input.page),
);

export const GET = handler;
export const POST = handler;
