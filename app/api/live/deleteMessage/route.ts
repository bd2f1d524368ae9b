import { defineHandler } from '@/lib/server/http/handler';
import { getBus } from '@/lib/realtime/bus';
import { deleteMessage } from '@/lib/server/chat/moderation';
import { deleteMessageInput } from '@/lib/validation/chat';

export const POST = defineHandler({ auth: 'user', input: deleteMessageInput }, ({ db, user, input }) =>
  deleteMessage(db, getBus(), { id: user.id, role: user.role }, input),
);
