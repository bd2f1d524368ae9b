// Bookings (spec §2.2 mySchedule, the Book buttons of the schedule, schedule preview and match page): one schema per
// input, shared by the buttons and the route handlers, and the replies they read. Messages: messages/*/bookings.json.
import { z } from 'zod';
import { pageNumber } from './paging';
import { bookingKinds } from './booking-constants';

const targetId = z.coerce.number('bookings.validation.badTarget').int('bookings.validation.badTarget').positive('bookings.validation.badTarget').max(Number.MAX_SAFE_INTEGER, 'bookings.validation.badTarget');

/** POST /api/booking/set {kind, id, booked}: book (1) or drop (0) a match or a planned live. */
export const bookingSetInput = z
  .object({
    kind: z.enum(bookingKinds, 'bookings.validation.badKind'),
    id: targetId,
    booked: z.coerce.number('bookings.validation.badFlag').pipe(z.literal([0, 1], 'bookings.validation.badFlag')),
  })
  // Match ids are a 32-bit integer column (plans' are 64-bit): a larger one is refused here rather than failing the query.
  .refine((input) => input.kind !== 'match' || input.id <= 2_147_483_647, { message: 'bookings.validation.badTarget', path: ['id'] });

/** POST /api/booking/list {page}: the caller's bookings, the next to start first, then those that started. */
export const bookingListInput = z.object({
  page: pageNumber('bookings.validation.badPage'),
});

/** POST /api/booking/settings {followed_live}: whether anchors one follows going live are announced. */
export const noticeSettingsInput = z.object({ followed_live: z.coerce.number('bookings.validation.badFlag').pipe(z.literal([0, 1], 'bookings.validation.badFlag')) });
export const noticeSettingsReply = z.object({ followed_live: z.union([z.literal(0), z.literal(1)]) });
export type NoticeSettings = z.infer<typeof noticeSettingsReply>;

const bookingView = z.object({
  kind: z.enum(bookingKinds),
  id: z.number(),
  title: z.string(),
  /** Competition and round for a match, the anchor for a plan. */
  subtitle: z.string(),
  start_time: z.number(),
  /** upcoming, started (live now or kicked off), over (finished, cancelled). */
  state: z.enum(['upcoming', 'started', 'over']),
  /** Where to watch or read it. */
  path: z.string(),
});
export type BookingView = z.infer<typeof bookingView>;
export const bookingListReply = z.object({ list: z.array(bookingView), total: z.number() });
export type BookingList = z.infer<typeof bookingListReply>;

/** POST /api/booking/mine: ids of what the caller booked that has not started, for the Book buttons' state. */
export const bookedIdsReply = z.object({ match: z.array(z.number()), plan: z.array(z.number()) });
export type BookedIds = z.infer<typeof bookedIdsReply>;

/** A planned live as the schedule preview lists it (rendered on the server: no reply schema). */
export type PlannedLive = { id: number; title: string; anchor_id: number; anchor_name: string; anchor_avatar: string; plan_time: number; cover: string };
