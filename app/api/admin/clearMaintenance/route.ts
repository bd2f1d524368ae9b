import { defineHandler, noInput } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { clearMaintenance } from '@/lib/server/admin/maintenance';

export const POST = defineHandler({ auth: 'none', input: noInput }, async ({ db, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'site.maintenance');
  return clearMaintenance(db, audit);
});
