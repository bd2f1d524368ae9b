import { defineHandler } from '@/lib/server/http/handler';
import { startPlan } from '@/lib/server/live/lives';
import { planIdInput } from '@/lib/validation/live';

export const POST = defineHandler({ auth: 'anchor', input: planIdInput }, ({ user, db, input }) => startPlan(db, user.id, input.plan_id));
