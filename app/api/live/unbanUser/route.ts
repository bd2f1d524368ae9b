import { defineHandler } from '@/lib/server/http/handler';
import { getBus } from '@/lib/realtime/bus';
import { unbanUser } from '@/lib/server/chat/moderation';
import { unbanUserInput } from '@/lib/validation/chat';

export const POST = defineHandler({ auth: 'user', input: unbanUserInput }, ({ db, user, input }) =>
  unbanUser(db, getBus(), { id: user.id, role: user.role }, input),
);
