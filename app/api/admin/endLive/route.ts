import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { endLiveForOperator } from '@/lib/server/admin/rooms';
import { liveTargetInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: liveTargetInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'rooms.end');
  return endLiveForOperator(db, audit, input.anchor_id);
});
