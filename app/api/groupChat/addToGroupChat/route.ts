import { defineHandler } from '@/lib/server/http/handler';
import { joinFanGroup } from '@/lib/server/fan-groups/fan-groups';
import { groupInput } from '@/lib/validation/fan-groups';

/** Spec §7 groupChat/addToGroupChat: joins the anchor's fan group (again, after leaving). */
export const POST = defineHandler({ auth: 'user', input: groupInput }, ({ db, input, user }) => joinFanGroup(db, user, input.group_id));
