// POST /api/internal/page-purge: the web role expiring cache tags in its own process (docs/match-pages.md, "Freshness").
// Only requests carrying this process's token are heard.
import { purgeTagsRequest } from '@/lib/server/page-cache/purge-tags';

export const dynamic = 'force-dynamic';

export function POST(request: Request): Promise<Response> {
  return purgeTagsRequest(request);
}
