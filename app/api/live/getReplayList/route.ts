import { defineHandler } from '@/lib/server/http/handler';
import { listReplays } from '@/lib/server/replays/queries';
import { replayListInput } from '@/lib/validation/live';

/** /liveMatchesReplay and /anchorReplay/{id} (anchor_id): replays, newest first. */
const getReplayList = defineHandler({ auth: 'none', input: replayListInput, methods: ['GET', 'POST'] }, ({ db, input, locale }) =>
  listReplays(db, { anchorId: input.anchor_id, categoryId: input.category_id, page: input.page, size: input.size, locale }),
);

export { getReplayList as GET, getReplayList as POST };
