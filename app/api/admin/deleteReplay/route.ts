import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { deleteReplay } from '@/lib/server/admin/replays';
import { replayTargetInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: replayTargetInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'replays.manage');
  return deleteReplay(db, audit, input.replay_id);
});
