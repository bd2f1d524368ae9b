import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { handlePublishHook, refuseHookCaller } from '@/lib/server/media/hook-requests';

export const dynamic = 'force-dynamic';

/** nginx-rtmp on_publish / on_publish_done and SRS on_publish / on_unpublish: 403 refuses the publisher. */
export async function POST(request: Request): Promise<Response> {
  return refuseHookCaller(request, getEnv()) ?? handlePublishHook(await getDb(), request);
}
