import { getBus } from '@/lib/realtime/bus';
import { defineHandler } from '@/lib/server/http/handler';
import { appointRoomManager } from '@/lib/server/room-managers/room-managers';
import { appointRoomManagerInput } from '@/lib/validation/room-managers';

/** The caller appoints a viewer of their site, by id or nickname, as a manager of their room. */
export const POST = defineHandler({ auth: 'anchor', input: appointRoomManagerInput }, ({ user, db, input }) =>
  appointRoomManager(db, getBus(), { anchorId: user.id, actorId: user.id }, input.user),
);
