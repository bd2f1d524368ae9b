import { flagCacheControl, readFlagSvg } from '@/lib/server/matches/flag-files';

/** GET /flags/{iso}.svg: a national team's flag (flag-icons, square), from our own origin. */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  const svg = await readFlagSvg((await params).file)?.catch(() => null);
  if (!svg) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(svg), {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': flagCacheControl, 'x-content-type-options': 'nosniff' },
  });
}
