import { defineHandler } from '@/lib/server/http/handler';
import { fanGroupInfo } from '@/lib/server/fan-groups/fan-groups';
import { groupInput } from '@/lib/validation/fan-groups';

/** Spec §7 groupChat/getGroupInfo: the group, its size, and the caller's place in it (member, moderator, banned). */
export const POST = defineHandler({ auth: 'user', input: groupInput }, ({ db, input, user }) => fanGroupInfo(db, user, input.group_id));
