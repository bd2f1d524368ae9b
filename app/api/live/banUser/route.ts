import { defineHandler } from '@/lib/server/http/handler';
import { getBus } from '@/lib/realtime/bus';
import { banUser } from '@/lib/server/chat/moderation';
import { banUserInput } from '@/lib/validation/chat';

// Managers anywhere, an anchor in their own room (checked by banUser).
export const POST = defineHandler({ auth: 'user', input: banUserInput }, ({ db, user, input }) =>
  banUser(db, getBus(), { id: user.id, role: user.role }, input),
);
