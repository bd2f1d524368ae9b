// GET /api/live/updates?ids=1,2,3&lang=: Server-Sent Events for the list pages (home, /liveMatches): the listed
// matches' scores, then every scoreLive of them and every room going on or off air. See docs/match-pages.md.
import { NextResponse, type NextRequest } from 'next/server';
import { resolveBrand } from '@/lib/brand/registry';
import { isLocale } from '@/lib/i18n/locales';
import { requestLocale } from '@/lib/server/http/handler';
import { serverTranslator } from '@/lib/server/http/translate';
import { openListLiveStream } from '@/lib/server/public-pages/list-live-stream';
import { listLiveInput } from '@/lib/validation/match-live';

export const dynamic = 'force-dynamic';

export function GET(request: NextRequest): Response {
  const parsed = listLiveInput.safeParse({ ids: request.nextUrl.searchParams.get('ids') ?? undefined });
  if (!parsed.success) {
    const asked = request.nextUrl.searchParams.get('lang');
    const t = serverTranslator(isLocale(asked) ? asked : requestLocale(request, resolveBrand(request.headers.get('host'))));
    return NextResponse.json({ status: 1, msg: t('matchCentre.validation.matchIds'), data: null }, { headers: { 'cache-control': 'no-store' } });
  }
  return new Response(openListLiveStream(parsed.data.ids, request.signal), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    },
  });
}
