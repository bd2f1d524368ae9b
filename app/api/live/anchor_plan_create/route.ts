import { defineHandler } from '@/lib/server/http/handler';
import { createPlan } from '@/lib/server/live/lives';
import { planCreateInput } from '@/lib/validation/live';

export const POST = defineHandler({ auth: 'anchor', input: planCreateInput }, ({ user, db, brand, input }) => createPlan(db, user.id, brand.id, input));
