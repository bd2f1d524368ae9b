import { defineHandler } from '@/lib/server/http/handler';
import { readAnchorStats } from '@/lib/server/anchor-stats/read';
import { anchorStatsInput } from '@/lib/validation/anchor-stats';

/** The caller's figures by UTC day for the anchor centre's charts (docs/anchor-stats.md). */
const anchorStats = defineHandler({ auth: 'anchor', input: anchorStatsInput, methods: ['GET', 'POST'] }, ({ user, db, input }) => readAnchorStats(db, user.id, input.days));

export { anchorStats as GET, anchorStats as POST };
