import { defineHandler } from '@/lib/server/http/handler';
import { listBans } from '@/lib/server/chat/moderation';
import { banListInput } from '@/lib/validation/chat';

const banListHandler = defineHandler({ auth: 'user', input: banListInput, methods: ['GET', 'POST'] }, ({ db, user, input }) =>
  listBans(db, { id: user.id, role: user.role }, input.groupId),
);

export { banListHandler as GET, banListHandler as POST };
