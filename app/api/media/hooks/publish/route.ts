import { getDb } from '@/lib/db';
import { handlePublishHook } from '@/lib/server/media/hook-requests';

export const dynamic = 'force-dynamic';

/** nginx-rtmp on_publish / on_publish_done and SRS on_publish / on_unpublish: 403 refuses the publisher. */
export async function POST(request: Request): Promise<Response> {
  return handlePublishHook(await getDb(), request);
}
