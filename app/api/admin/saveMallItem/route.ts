import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveMallItem } from '@/lib/server/admin/mall';
import { mallItemSaveInput } from '@/lib/validation/admin-money';

// Prices are money: the console asks for the password again first (sensitiveRights).
export const POST = defineHandler({ auth: 'none', input: mallItemSaveInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'money.catalogue');
  return saveMallItem(db, audit, input);
});
