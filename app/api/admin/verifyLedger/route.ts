import { defineHandler, noInput } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { verifyLedgerFromConsole } from '@/lib/server/admin/ledger';

export const POST = defineHandler({ auth: 'none', input: noInput }, async ({ db, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'money.ledger');
  return verifyLedgerFromConsole(db, audit);
});
