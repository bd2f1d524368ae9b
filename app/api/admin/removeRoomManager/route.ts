import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { removeRoomManagerFromConsole } from '@/lib/server/admin/room-managers';
import { consoleRemoveRoomManagerInput } from '@/lib/validation/room-managers';

export const POST = defineHandler({ auth: 'none', input: consoleRemoveRoomManagerInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'rooms.managers');
  return removeRoomManagerFromConsole(db, audit, input);
});
