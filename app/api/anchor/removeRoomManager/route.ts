import { getBus } from '@/lib/realtime/bus';
import { defineHandler } from '@/lib/server/http/handler';
import { removeRoomManager } from '@/lib/server/room-managers/room-managers';
import { removeRoomManagerInput } from '@/lib/validation/room-managers';

/** The caller removes one of their room managers. */
export const POST = defineHandler({ auth: 'anchor', input: removeRoomManagerInput }, ({ user, db, input }) =>
  removeRoomManager(db, getBus(), { anchorId: user.id, actorId: user.id }, input.user_id),
);
