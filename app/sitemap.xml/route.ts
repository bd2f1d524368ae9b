// GET /sitemap.xml of the brand the Host names: every public page, match and article, in each language.
import type { NextRequest } from 'next/server';
import { resolveBrand } from '@/lib/brand/registry';
import { readSitemapXml } from '@/lib/server/public-pages/sitemap';

// The brand comes from the request's Host, so this is answered per request (from a cached sitemap).
export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest): Promise<Response> {
  const brand = resolveBrand(request.headers.get('host'));
  const xml = await readSitemapXml(brand.id);
  return new Response(xml ?? '', {
    status: xml ? 200 : 404,
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
