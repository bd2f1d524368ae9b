import { getDb } from '@/lib/db';
import { matchCoverCacheControl, renderMatchCover, renderMatchCoverPicture } from '@/lib/server/news/covers';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

const coverResponse = (body: BodyInit, contentType: string, final: boolean) =>
  new Response(body, { headers: { 'content-type': contentType, 'cache-control': matchCoverCacheControl(final), 'x-content-type-options': 'nosniff' } });

/**
 * GET /covers/match/{id}.svg: the cover of a match and its report; /covers/match/{id}-{width}.webp: drawn that wide;
 * /covers/match/{id}-noscore.svg: without the result, for spoiler-free pages.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const file = /^(\d{1,9})(?:\.svg|-(\d{1,4})\.webp|(-noscore)\.svg)$/.exec((await params).file);
  if (!file) return notFound();
  const db = await getDb();
  if (file[3]) {
    const cover = await renderMatchCover(db, Number(file[1]), { withScore: false });
    return cover ? coverResponse(cover.svg, 'image/svg+xml; charset=utf-8', cover.final) : notFound();
  }
  if (file[2]) {
    const picture = await renderMatchCoverPicture(db, Number(file[1]), Number(file[2]));
    return picture ? coverResponse(new Uint8Array(picture.webp), 'image/webp', picture.final) : notFound();
  }
  const cover = await renderMatchCover(db, Number(file[1]));
  return cover ? coverResponse(cover.svg, 'image/svg+xml; charset=utf-8', cover.final) : notFound();
}
