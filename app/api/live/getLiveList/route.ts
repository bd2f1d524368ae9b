import { defineHandler } from '@/lib/server/http/handler';
import { listLives } from '@/lib/server/live/rooms';
import { liveListInput } from '@/lib/validation/live';

/** /liveMatches: lives on air by category; category 0 is "all live". */
const getLiveList = defineHandler({ auth: 'none', input: liveListInput, methods: ['GET', 'POST'] }, ({ db, input, locale }) =>
  listLives(db, { categoryId: input.category_id, childCategoryId: input.child_category_id, page: input.page, size: input.size, locale }),
);

export { getLiveList as GET, getLiveList as POST };
