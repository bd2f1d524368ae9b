import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveGift } from '@/lib/server/admin/gifts';
import { giftSaveInput } from '@/lib/validation/admin-money';

// Prices are money: the console asks for the password again first (sensitiveRights).
export const POST = defineHandler({ auth: 'none', input: giftSaveInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'money.catalogue');
  return saveGift(db, audit, input);
});
