import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { revokePushKey } from '@/lib/server/admin/rooms';
import { requestSite } from '@/lib/server/media/urls';
import { liveTargetInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: liveTargetInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'rooms.pushKey');
  return revokePushKey(db, audit, input.anchor_id, requestSite(request));
});
