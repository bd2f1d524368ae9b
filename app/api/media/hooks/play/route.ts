import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { handlePlayHook, refuseHookCaller } from '@/lib/server/media/hook-requests';

export const dynamic = 'force-dynamic';

/** nginx-rtmp on_play and SRS on_play: 403 refuses an unsigned, expired or foreign HD play. */
export async function POST(request: Request): Promise<Response> {
  return refuseHookCaller(request, getEnv()) ?? handlePlayHook(await getDb(), request);
}
