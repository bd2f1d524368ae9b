import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { appointRoomManagerFromConsole } from '@/lib/server/admin/room-managers';
import { consoleAppointRoomManagerInput } from '@/lib/validation/room-managers';

export const POST = defineHandler({ auth: 'none', input: consoleAppointRoomManagerInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'rooms.managers');
  return appointRoomManagerFromConsole(db, audit, input);
});
