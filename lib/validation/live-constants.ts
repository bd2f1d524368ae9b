// The live area's plain constants, without zod: what the live room's browser code needs (statuses, the ticket
// item, limits) costs it no schema. The schemas in lib/validation/live.ts use the same values.

/** Spec §5: a live's title, at most. */
export const liveTitleMax = 50;
/** Spec §2.4 item 6, §9: HD of a live costs exactly one ticket, whatever count a live was started with. */
export const hdTicketCost = 1;
/** Spec §3: backpack item type 105 is the viewing ticket. */
export const ticketItemType = 105;
/** Spec §4 live state as the player shows it (the heatRep status): 0 not started, 1 live, 2 away briefly. */
export const liveStatuses = { notStarted: 0, live: 1, away: 2 } as const;
export type LiveStatus = (typeof liveStatuses)[keyof typeof liveStatuses];
