import { defineHandler } from '@/lib/server/http/handler';
import { listOwnPlans } from '@/lib/server/live/lives';
import { planListInput, type PlanList } from '@/lib/validation/live';

/** /user-center/live-management: the caller's planned lives (status planned by default). */
const planList = defineHandler({ auth: 'anchor', input: planListInput, methods: ['GET', 'POST'] }, async ({ user, db, input }) => ({
  list: await listOwnPlans(db, user.id, input.status),
}) satisfies PlanList);

export { planList as GET, planList as POST };
