import { defineHandler, noInput } from '@/lib/server/http/handler';
import { listGroupChats } from '@/lib/server/fan-groups/fan-groups';

/** Spec §7 groupChat/getChatList: the caller's groups with their unread numbers. */
export const POST = defineHandler({ auth: 'user', input: noInput }, ({ db, user }) => listGroupChats(db, user));
