// GET /robots.txt of the brand the Host names, pointing to that brand's sitemap.
import type { NextRequest } from 'next/server';
import { resolveBrand } from '@/lib/brand/registry';
import { robotsTxt } from '@/lib/seo/sitemap';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest): Response {
  return new Response(robotsTxt(resolveBrand(request.headers.get('host'))), {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
