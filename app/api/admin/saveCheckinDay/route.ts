import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveCheckinDay } from '@/lib/server/admin/checkin';
import { checkinDaySaveInput } from '@/lib/validation/admin-money';

// Rewards are money: the console asks for the password again first (sensitiveRights).
export const POST = defineHandler({ auth: 'none', input: checkinDaySaveInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'money.catalogue');
  return saveCheckinDay(db, audit, input);
});
