import { defineHandler } from '@/lib/server/http/handler';
import { setBooking } from '@/lib/server/bookings/bookings';
import { bookingSetInput } from '@/lib/validation/bookings';

/** Book (booked 1) or drop (0) a match or a planned live; the caller is told when it starts. */
export const POST = defineHandler({ auth: 'user', input: bookingSetInput }, async ({ db, input, user }) => {
  await setBooking(db, user.id, input.kind, input.id, input.booked === 1);
  return null;
});
