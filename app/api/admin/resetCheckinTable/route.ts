import { defineHandler, noInput } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { resetCheckinTable } from '@/lib/server/admin/checkin';

export const POST = defineHandler({ auth: 'none', input: noInput }, async ({ db, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'money.catalogue');
  return resetCheckinTable(db, audit);
});
