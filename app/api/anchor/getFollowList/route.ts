import { defineHandler } from '@/lib/server/http/handler';
import { listFollowedAnchors } from '@/lib/server/follows/follows';
import { pageInput, type FollowList } from '@/lib/validation/live';

/** /user-center/focus */
const getFollowList = defineHandler({ auth: 'user', input: pageInput, methods: ['GET', 'POST'] }, async ({ user, db, input }) => ({
  list: await listFollowedAnchors(db, user.id, input.page, input.size),
}) satisfies FollowList);

export { getFollowList as GET, getFollowList as POST };
