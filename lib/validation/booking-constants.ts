// What a user can book (spec §2.2 mySchedule, the schedule's Book buttons): a match, or an anchor's planned live.
export const bookingKinds = ['match', 'plan'] as const;
export type BookingKind = (typeof bookingKinds)[number];
