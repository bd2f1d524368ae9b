// Resolves the brand from the Host header and the locale (the user's stored choice, else the brand's),
// then rewrites to /{brand}/{locale}/… so each brand and language renders and caches on its own. A visitor in
// spoiler-free mode gets the brand's spoiler-free variant (lib/spoilers.ts), except on a page they chose to reveal.
// Not a security boundary: route handlers check the caller themselves.
import { NextResponse, type NextRequest } from 'next/server';
import { resolveBrand } from '@/lib/brand/registry';
import { isLocale } from '@/lib/i18n/locales';
import { localeCookie } from '@/lib/i18n/locale-cookie';
import { dynamicRouteBases, siteRoutes } from '@/lib/routes';
import { brandSegment, parseRevealed, revealedCookie, revealQuery, spoilerCookie } from '@/lib/spoilers';

const oneYearSeconds = 365 * 24 * 60 * 60;
const matchPage = new RegExp(`^${dynamicRouteBases.scheduleDetail}/(\\d{1,9})/`);

/** Spoiler-free, unless this page is revealed: once by its query, or for good as a match the visitor revealed. */
function spoilerFree(request: NextRequest, path: string): boolean {
  if (request.cookies.get(spoilerCookie)?.value !== 'on') return false;
  if (request.nextUrl.searchParams.get(revealQuery) === 'show') return false;
  const matchId = matchPage.exec(path)?.[1];
  return !(matchId && parseRevealed(request.cookies.get(revealedCookie)?.value).includes(Number(matchId)));
}

export function proxy(request: NextRequest) {
  const brand = resolveBrand(request.headers.get('host'));
  const { pathname, search, searchParams } = request.nextUrl;
  // ?lang= (the hreflang alternates' form) picks the language of a page load and becomes the visitor's
  // choice; a client-side refresh (RSC request) follows the cookie, which the language switch just set.
  const linked = request.headers.has('rsc') ? null : searchParams.get('lang');
  const chosen = isLocale(linked) ? linked : request.cookies.get(localeCookie)?.value;
  const locale = isLocale(chosen) ? chosen : brand.locale;

  let path = pathname;
  if (pathname === siteRoutes.root) {
    // Spec §2.1: / goes to /home, except on a brand marked to show the live-matches page there.
    if (!brand.rootShowsLive) return NextResponse.redirect(new URL(`${siteRoutes.home}${search}`, request.url));
    path = siteRoutes.liveMatches;
  }
  const url = request.nextUrl.clone();
  url.pathname = `/${brandSegment(brand.id, spoilerFree(request, path))}/${locale}${path}`;
  const headers = new Headers(request.headers);
  headers.set('x-brand', brand.id);
  headers.set('x-reg-source', brand.regSource);
  const response = NextResponse.rewrite(url, { request: { headers } });
  if (isLocale(linked) && request.cookies.get(localeCookie)?.value !== linked) {
    response.cookies.set(localeCookie, linked, { path: '/', maxAge: oneYearSeconds, sameSite: 'lax' });
  }
  return response;
}

export const config = {
  // Everything but the API, Next's assets, the socket and files with an extension.
  matcher: ['/((?!api/|webapi/|_next/|ws$|.*\\.[a-zA-Z0-9]+$).*)'],
};
