import { defineHandler } from '@/lib/server/http/handler';
import { listConversations } from '@/lib/server/inbox/private-chat';
import { inboxPageInput } from '@/lib/validation/inbox';

/** The caller's private conversations, latest first, with their unread counts (the user centre's inbox). */
const handler = defineHandler({ auth: 'user', input: inboxPageInput, methods: ['GET', 'POST'] }, ({ db, input, user }) =>
  listConversations(db, user.id, input.page, input.size),
);

export const GET = handler;
export const POST = handler;
