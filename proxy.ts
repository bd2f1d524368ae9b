// Resolves the brand from the Host header and the locale (the user's stored choice, else the brand's),
// then rewrites to /{brand}/{locale}/… so each brand and language renders and caches on its own.
// Not a security boundary: route handlers check the caller themselves.
import { NextResponse, type NextRequest } from 'next/server';
import { resolveBrand } from '@/lib/brand/registry';
import { isLocale } from '@/lib/i18n/locales';
import { localeCookie } from '@/lib/i18n/locale-cookie';
import { siteRoutes } from '@/lib/routes';

const oneYearSeconds = 365 * 24 * 60 * 60;

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
  url.pathname = `/${brand.id}/${locale}${path}`;
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
