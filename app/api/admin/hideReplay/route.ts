import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { setReplayHidden } from '@/lib/server/admin/replays';
import { replayHideInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: replayHideInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'replays.manage');
  return setReplayHidden(db, audit, input);
});
