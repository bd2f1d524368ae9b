// The protocol's numbers and room message sets (lib/realtime/protocol.ts holds the frames): shared by the gateway
// and the browser, and free of zod so the room's chat code carries no schema it never runs.

// ── Constants of the spec (§9) and of the gateway ───────────────────────────────────────────────

/** Spec §9: the client pings every 60 s with its device id. */
export const pingIntervalMs = 60_000;
/** Spec §9: history pages hold 20 messages. */
export const historyPageSize = 20;
/** Spec §9: a time separator when more than 60 s pass between two messages. */
export const chatSeparatorMs = 60_000;
/** Spec §9: login lines are not repeated within the last 30 messages. */
export const loginLineDedupeWindow = 30;
/** Longest chat message, in characters (code points). */
export const maxChatLength = 100;
/** Spec §8: the messaging login error that opens the login dialog. */
export const imLoginRequiredCode = 70001;
/** Close code of a connection replaced by a login of the same account on another device (spec §4). */
export const kickedOutCloseCode = 4001;
/** Close code of a signed-in connection whose session ended (logout, password reset, expiry): sign in again. */
export const sessionEndedCloseCode = 4003;
/** Close code asking the client to reconnect at once and resynchronise its rooms. */
export const resyncCloseCode = 4002;
/** Close code of a connection whose send buffer overflowed (it stopped reading). */
export const slowConsumerCloseCode = 4008;

/** Room message types (spec §7 server messages): numbered when logged, plain when ephemeral (welcomes). */
export const roomMessageTypes: ReadonlySet<string> = new Set([
  'say', 'props', 'login', 'gift', 'attentAnchor', 'bannedUser', 'unbannedUser', 'clearChat', 'announcement', 'quiz', 'AnchorStartLiveMessage',
  'rankRep', 'SystemMessage', 'groupMessage',
]);

/** Which messages ride in batches under load; the rest is always delivered on its own frame (issue: priority under load). */
export const batchableTypes: ReadonlySet<string> = new Set(['say', 'login']);
/** Messages that a history page shows (the rest are events applied on arrival). */
export const historyTypes: ReadonlySet<string> = new Set(['say', 'props', 'login', 'gift']);
