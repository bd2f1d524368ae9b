import { defineHandler, noInput } from '@/lib/server/http/handler';
import { readUnread } from '@/lib/server/inbox/unread';

/** The header badge's counts: unread private messages and system messages. */
const handler = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, ({ db, user }) => readUnread(db, user.id));

export const GET = handler;
export const POST = handler;
