import { defineHandler } from '@/lib/server/http/handler';
import { listNews } from '@/lib/server/news/queries';
import { getNewsListInput } from '@/lib/validation/news';

const getNewsListHandler = defineHandler({ auth: 'none', input: getNewsListInput, methods: ['GET', 'POST'] }, ({ db, input, brand, locale }) =>
  listNews(db, { brandId: brand.id, locale, page: input.page, size: input.size, tag: input.tag, teamId: input.team_id, matchId: input.match_id }),
);

export { getNewsListHandler as GET, getNewsListHandler as POST };
