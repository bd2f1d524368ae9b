import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { handleHlsHook, refuseHookCaller } from '@/lib/server/media/hook-requests';

export const dynamic = 'force-dynamic';

/** nginx's auth_request before an HLS file of a source: 403 refuses an unsigned, expired or foreign HD play. */
export async function GET(request: Request): Promise<Response> {
  return refuseHookCaller(request, getEnv()) ?? handleHlsHook(await getDb(), request);
}
