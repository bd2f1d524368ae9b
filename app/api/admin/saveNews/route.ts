import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveNewsArticle } from '@/lib/server/admin/news';
import { newsSaveInput } from '@/lib/validation/admin-news';

export const POST = defineHandler({ auth: 'none', input: newsSaveInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'news.edit');
  return saveNewsArticle(db, audit, brand, input);
});
