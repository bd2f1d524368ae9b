import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { approveFromConsole } from '@/lib/server/admin/anchor-applications';
import { applicationTargetInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: applicationTargetInput }, async ({ db, input, request, brand }) => {
  const { actor, audit } = await consoleCall(db, request, brand, 'anchors.review');
  return approveFromConsole(db, actor, audit, input.user_id);
});
