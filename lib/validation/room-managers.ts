// Room managers (docs/room-managers.md): the viewers an anchor appoints to keep order in their live room and fan
// group. One schema per input, shared by the anchor centre's form, the console's and the route handlers; messages
// are keys of messages/*/anchor.json.
import { z } from 'zod';

/** How many viewers one room may have as managers at once. */
export const roomManagerLimit = 10;

/** Who to appoint: an account id, or the exact nickname of an account of the anchor's site (NUL, which no name holds and Postgres cannot compare, dropped). */
const appointee = z
  .string('anchor.roomManagers.errors.userRequired')
  .transform((value) => value.replaceAll('\u0000', ''))
  .pipe(z.string().trim().min(1, 'anchor.roomManagers.errors.userRequired').max(40, 'anchor.roomManagers.errors.userUnknown'));

const accountId = z.coerce
  .number('anchor.roomManagers.errors.userRequired')
  .int('anchor.roomManagers.errors.userRequired')
  .positive('anchor.roomManagers.errors.userRequired')
  .max(Number.MAX_SAFE_INTEGER, 'anchor.roomManagers.errors.userRequired');

/** POST /api/anchor/appointRoomManager (the anchor's own room). */
export const appointRoomManagerInput = z.object({ user: appointee });
export type AppointRoomManagerInput = z.output<typeof appointRoomManagerInput>;

/** POST /api/anchor/removeRoomManager (the anchor's own room). */
export const removeRoomManagerInput = z.object({ user_id: accountId });
export type RemoveRoomManagerInput = z.output<typeof removeRoomManagerInput>;

/** POST /api/admin/appointRoomManager: the console names the room too. */
export const consoleAppointRoomManagerInput = appointRoomManagerInput.extend({ anchor_id: accountId });
export type ConsoleAppointRoomManagerInput = z.output<typeof consoleAppointRoomManagerInput>;

/** POST /api/admin/removeRoomManager. */
export const consoleRemoveRoomManagerInput = removeRoomManagerInput.extend({ anchor_id: accountId });
export type ConsoleRemoveRoomManagerInput = z.output<typeof consoleRemoveRoomManagerInput>;

const roomManagerEntry = z.object({
  user_id: z.number(),
  nick_name: z.string(),
  avatar: z.string(),
  level: z.number(),
  /** Milliseconds. */
  appointed_at: z.number(),
});
export type RoomManagerEntry = z.infer<typeof roomManagerEntry>;

/** GET /api/anchor/roomManagers, and the reply of both anchor calls: the room's managers, newest first. */
export const roomManagersReply = z.object({ managers: z.array(roomManagerEntry), limit: z.number() });
export type RoomManagersReply = z.infer<typeof roomManagersReply>;
