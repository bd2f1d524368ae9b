import { defineHandler, noInput } from '@/lib/server/http/handler';
import { listRoomManagers } from '@/lib/server/room-managers/room-managers';

/** The caller's room managers (docs/room-managers.md, /user-center/live-room-settings). */
const roomManagers = defineHandler({ auth: 'anchor', input: noInput, methods: ['GET', 'POST'] }, ({ user, db }) => listRoomManagers(db, user.id));

export { roomManagers as GET, roomManagers as POST };
