import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveLotteryPrize } from '@/lib/server/admin/lottery';
import { lotteryPrizeSaveInput } from '@/lib/validation/admin-money';

// Odds and prizes are money: the console asks for the password again first (sensitiveRights).
export const POST = defineHandler({ auth: 'none', input: lotteryPrizeSaveInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'money.catalogue');
  return saveLotteryPrize(db, audit, input);
});
