import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { announceMaintenance } from '@/lib/server/admin/maintenance';
import { maintenanceSetInput } from '@/lib/validation/admin-maintenance';

export const POST = defineHandler({ auth: 'none', input: maintenanceSetInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'site.maintenance');
  return announceMaintenance(db, audit, input);
});
