import 'server-only';
// Which requests the page micro-cache may answer, and what their response varies on.
import type { IncomingHttpHeaders } from 'node:http';
import { localeCookie } from '@/lib/i18n/locale-cookie';
import { adminRoutes } from '@/lib/routes';
import { sessionCookieName } from '@/lib/server/session/cookie-name';
import { revealedCookie, spoilerCookie } from '@/lib/spoilers';

export type CacheableRequest = { method?: string; url?: string; headers: IncomingHttpHeaders };

// The API answers per caller, Next's assets are files, /ws is the socket.
// The operator console renders per operator (adminRoutes.dashboard and below).
const uncachedPrefixes = ['/api/', '/webapi/', '/_next/', '/ws', adminRoutes.dashboard];

/**
 * Headers by which Next serves something other than the page's HTML (an RSC payload, a prefetch, a server
 * action, a revalidation): such requests go to Next every time.
 */
function asksForMoreThanTheDocument(headers: IncomingHttpHeaders): boolean {
  for (const name in headers) {
    if (name === 'rsc' || name === 'range' || name === 'authorization') return true;
    if (name.startsWith('next-') || name.startsWith('x-nextjs') || name.startsWith('x-middleware') || name.startsWith('x-prerender')) return true;
  }
  return false;
}

function header(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

/**
 * The cache key of an anonymous GET or HEAD of a page, or undefined when the request must reach Next.
 * The key holds everything the page's HTML depends on: the host (brand), the address with its query
 * (`?lang=`), the language and spoiler-free cookies proxy.ts reads, the scheme and host a proxy forwarded, and the
 * accepted encodings (Next compresses per request, so a gzip copy and a plain one are separate entries).
 */
export function pageCacheKey(request: CacheableRequest): string | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  const url = request.url ?? '';
  if (!url.startsWith('/') || uncachedPrefixes.some((prefix) => url.startsWith(prefix))) return undefined;
  const { headers } = request;
  if (asksForMoreThanTheDocument(headers)) return undefined;
  const languages: string[] = [];
  // The revealed matches count only in spoiler-free mode (proxy.ts), so no one else's copies split on them.
  const spoilers: string[] = [];
  let spoilerFree = false;
  const cookie = header(headers, 'cookie');
  if (cookie) {
    for (const part of cookie.split(';')) {
      const equals = part.indexOf('=');
      const name = (equals < 0 ? part : part.slice(0, equals)).trim();
      // A signed-in visitor's requests are never answered from a copy, even for pages that read no session.
      if (name === sessionCookieName.plain || name === sessionCookieName.secure) return undefined;
      if (name === localeCookie) languages.push(part.slice(equals + 1).trim());
      if (name === spoilerCookie || name === revealedCookie) spoilers.push(part.trim());
      if (name === spoilerCookie) spoilerFree = part.slice(equals + 1).trim() === 'on';
    }
  }
  return [
    header(headers, 'host').toLowerCase(),
    header(headers, 'x-forwarded-host').toLowerCase(),
    header(headers, 'x-forwarded-proto').toLowerCase(),
    url,
    languages.join(','),
    spoilerFree ? spoilers.sort().join(';') : '',
    header(headers, 'accept-encoding').toLowerCase().replace(/\s+/g, ''),
  ].join('\n');
}
