// GET /api/match/live/{id}: Server-Sent Events for a match page (snapshot, then textLive, scoreLive,
// statsLive, lineupLive as the feed publishes them). See docs/match-pages.md.
import { NextResponse, type NextRequest } from 'next/server';
import { resolveBrand } from '@/lib/brand/registry';
import { isLocale } from '@/lib/i18n/locales';
import { requestLocale } from '@/lib/server/http/handler';
import { serverTranslator } from '@/lib/server/http/translate';
import { readMatchLifecycles } from '@/lib/server/public-pages/match-lifecycles';
import { openMatchLiveStream } from '@/lib/server/public-pages/match-live-stream';
import { matchLiveInput } from '@/lib/validation/match-live';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  // The page passes its language: a cached page may be in a language the cookie does not name.
  const asked = request.nextUrl.searchParams.get('lang');
  const locale = isLocale(asked) ? asked : requestLocale(request, resolveBrand(request.headers.get('host')));
  const t = serverTranslator(locale);
  const parsed = matchLiveInput.safeParse(await params);
  const known = parsed.success && (await readMatchLifecycles()).has(parsed.data.id);
  if (!parsed.success || !known) {
    const key = parsed.success ? 'matchCentre.errors.unknownMatch' : 'matchCentre.validation.matchId';
    return NextResponse.json({ status: 1, msg: t(key), data: null }, { headers: { 'cache-control': 'no-store' } });
  }
  return new Response(openMatchLiveStream(parsed.data.id, locale, request.signal), {
    headers: {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store, no-transform',
      // nginx would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    },
  });
}
