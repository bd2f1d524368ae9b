import { getDb } from '@/lib/db';
import { renderSocialImage } from '@/lib/seo/social-image';

/** GET /social-image/{path}.png: a site SVG (match cover, cover, logo) as the PNG link previews need. */
export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const image = await renderSocialImage(await getDb(), (await params).path);
  if (!image) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(image.png), {
    headers: {
      'content-type': 'image/png',
      'cache-control': image.cacheControl,
      'x-content-type-options': 'nosniff',
    },
  });
}
