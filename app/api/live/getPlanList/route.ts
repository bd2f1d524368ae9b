import { defineHandler } from '@/lib/server/http/handler';
import { listUpcomingPlans } from '@/lib/server/live/lives';
import { pageInput, type PublicPlanList } from '@/lib/validation/live';

/** /schedule-preview: every anchor's upcoming planned lives. */
const getPlanList = defineHandler({ auth: 'none', input: pageInput, methods: ['GET', 'POST'] }, async ({ db, input }) => ({
  list: await listUpcomingPlans(db, input.page, input.size),
}) satisfies PublicPlanList);

export { getPlanList as GET, getPlanList as POST };
