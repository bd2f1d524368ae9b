import { defineHandler } from '@/lib/server/http/handler';
import { listWatchHistory } from '@/lib/server/live/rooms';
import { pageInput, type WatchHistory } from '@/lib/validation/live';

/** /user-center/watchHistory */
const watchHistoryHandler = defineHandler({ auth: 'user', input: pageInput, methods: ['GET', 'POST'] }, async ({ user, db, input }) => ({
  list: await listWatchHistory(db, user.id, input.page, input.size),
}) satisfies WatchHistory);

export { watchHistoryHandler as GET, watchHistoryHandler as POST };
