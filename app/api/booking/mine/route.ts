import { defineHandler, noInput } from '@/lib/server/http/handler';
import { readBookedIds } from '@/lib/server/bookings/bookings';

/** What the Book buttons show as booked (the cached public pages cannot know who is reading). */
const handler = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, ({ db, user }) => readBookedIds(db, user.id));

export const GET = handler;
export const POST = handler;
