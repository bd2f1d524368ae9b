import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveSitePage } from '@/lib/server/admin/site-pages';
import { sitePageSaveInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: sitePageSaveInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'pages.edit');
  return saveSitePage(db, audit, brand, input);
});
