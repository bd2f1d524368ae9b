import { defineHandler } from '@/lib/server/http/handler';
import { readSystemHistory } from '@/lib/server/inbox/system-messages';
import { systemHistoryInput } from '@/lib/validation/inbox';

/** Spec §7 mgrChat/getHistory: the caller's system conversation, newest first, 20 a page. */
const handler = defineHandler({ auth: 'user', input: systemHistoryInput, methods: ['GET', 'POST'] }, ({ db, input, user }) =>
  readSystemHistory(db, user.id, input.page, input.limit),
);

export const GET = handler;
export const POST = handler;
