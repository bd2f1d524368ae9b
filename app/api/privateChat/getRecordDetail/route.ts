import { defineHandler } from '@/lib/server/http/handler';
import { readConversation } from '@/lib/server/inbox/private-chat';
import { privateHistoryInput } from '@/lib/validation/inbox';

/** Spec §7 privateChat/getRecordDetail: one page of the conversation with `anchor_id`, newest first. */
const handler = defineHandler({ auth: 'user', input: privateHistoryInput, methods: ['GET', 'POST'] }, ({ db, input, user }) =>
  readConversation(db, user.id, input.anchor_id, input.page, input.size),
);

export const GET = handler;
export const POST = handler;
