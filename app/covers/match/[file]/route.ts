import { getDb } from '@/lib/db';
import { matchCoverCacheControl, renderMatchCover } from '@/lib/server/news/covers';

/** GET /covers/match/{id}.svg: the cover of a match and its report. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const match = /^(\d{1,9})\.svg$/.exec((await params).file);
  const cover = match ? await renderMatchCover(await getDb(), Number(match[1])) : null;
  if (!cover) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(cover.svg, {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': matchCoverCacheControl(cover.final),
      'x-content-type-options': 'nosniff',
    },
  });
}
