import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { rejectFromConsole } from '@/lib/server/admin/anchor-applications';
import { applicationRejectInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: applicationRejectInput }, async ({ db, input, request, brand }) => {
  const { actor, audit } = await consoleCall(db, request, brand, 'anchors.review');
  return rejectFromConsole(db, actor, audit, input.user_id, input.reason);
});
