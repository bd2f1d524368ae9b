import 'server-only';
// Expires cache tags in this process's Next caches. revalidateTag needs Next's request scope, which the bus
// subscriber in server.ts lacks, so the web role asks its own handler (/api/internal/page-purge) to run it.
// With `expire: 0` the tagged data and pages are expired outright: the next visitor waits for a fresh render
// instead of being served the old copy while it regenerates.
import { revalidateTag } from 'next/cache';
import { pagePurgeInput } from '@/lib/validation/page-purge';
import { isPagePurgeToken, pagePurgeTokenHeader } from './purge-request';

export async function purgeTagsRequest(request: Request): Promise<Response> {
  if (!isPagePurgeToken(request.headers.get(pagePurgeTokenHeader))) return new Response(null, { status: 403 });
  const parsed = pagePurgeInput.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return new Response(null, { status: 400 });
  for (const tag of parsed.data.tags) revalidateTag(tag, { expire: 0 });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}
