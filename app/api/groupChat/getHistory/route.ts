import { defineHandler } from '@/lib/server/http/handler';
import { readGroupHistory } from '@/lib/server/fan-groups/fan-groups';
import { groupHistoryInput } from '@/lib/validation/fan-groups';

/** Spec §7 groupChat/getHistory: one page of 20 lines, newest first. */
export const POST = defineHandler({ auth: 'user', input: groupHistoryInput }, ({ db, input, user }) => readGroupHistory(db, user, input.group_id, input.page, input.limit));
