import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { handleRecordDoneHook, refuseHookCaller } from '@/lib/server/media/hook-requests';
import { replayRecorder } from '@/lib/server/replays/finalize';

export const dynamic = 'force-dynamic';

/** nginx-rtmp on_record_done: the recording becomes (part of) its live's replay. */
export async function POST(request: Request): Promise<Response> {
  return refuseHookCaller(request, getEnv()) ?? handleRecordDoneHook(await getDb(), request, replayRecorder);
}
