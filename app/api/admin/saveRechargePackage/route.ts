import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveRechargePackage } from '@/lib/server/admin/recharge-packages';
import { rechargePackageSaveInput } from '@/lib/validation/admin-money';

// Prices are money: the console asks for the password again first (sensitiveRights).
export const POST = defineHandler({ auth: 'none', input: rechargePackageSaveInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'money.catalogue');
  return saveRechargePackage(db, audit, brand, input);
});
