import 'server-only';
// The page micro-cache in front of Next's request handler: anonymous requests for a public page are answered
// from a copy of Next's own response for about a second (docs/match-pages.md, "Caching"), so that a burst of
// visitors costs one render per page and second instead of one per visitor.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import type { NodeHandler } from '@/lib/server/http/node-handler';
import { pageCacheKey } from './request-key';
import { PageStore, type CachedPage, type RenderOutcome } from './store';


export type PageCacheOptions = {
  ttlMs: number;
  maxBytes: number;
  /** How long a request waits for another's render of the same page before going to Next itself. */
  waitMs?: number;
  now?: () => number;
};

// Headers that describe one connection or one transfer, not the page.
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length', 'trailer', 'upgrade']);
// What Next's pages vary on (RSC and prefetch headers, which bypass the cache) and the encoding (in the key).
const keyedVary = new Set(['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url', 'accept-encoding']);

/**
 * The lifetime a response allows a shared cache, in ms, or undefined when it must not be shared: only a 200
 * that Next marks for shared caches (s-maxage, as for ISR pages), with no cookie and no Vary beyond the key.
 */
export function sharedLifetimeMs(status: number, headers: OutgoingHttpHeaders): number | undefined {
  if (status !== 200 || headers['set-cookie'] !== undefined) return undefined;
  const cacheControl = String(headers['cache-control'] ?? '').toLowerCase();
  if (/private|no-store|no-cache/.test(cacheControl)) return undefined;
  const sMaxAge = /(?:^|,)\s*s-maxage=(\d+)/.exec(cacheControl);
  if (!sMaxAge || Number(sMaxAge[1]) <= 0) return undefined;
  const vary = headers.vary;
  const varyNames = (Array.isArray(vary) ? vary.join(',') : String(vary ?? '')).split(',');
  for (const name of varyNames) {
    const trimmed = name.trim().toLowerCase();
    if (trimmed && !keyedVary.has(trimmed)) return undefined;
  }
  return Number(sMaxAge[1]) * 1000;
}

function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => bare(candidate) === bare(etag));
}

function send(request: IncomingMessage, response: ServerResponse, page: CachedPage, state: 'HIT' | 'STALE'): void {
  const ifNoneMatch = request.headers['if-none-match'];
  if (page.etag && ifNoneMatch && etagMatches(ifNoneMatch, page.etag)) {
    const notModified: OutgoingHttpHeaders = { etag: page.etag, 'x-page-cache': state };
    for (const name of ['cache-control', 'vary']) if (page.headers[name] !== undefined) notModified[name] = page.headers[name];
    response.writeHead(304, notModified);
    response.end();
    return;
  }
  response.writeHead(200, { ...page.headers, 'x-page-cache': state });
  response.end(request.method === 'HEAD' ? undefined : page.body);
}

function toBuffer(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (typeof chunk === 'string') return Buffer.from(chunk, Buffer.isEncoding(String(encoding)) ? (String(encoding) as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return undefined;
}

/**
 * Lets Next answer the request as usual while keeping a copy of what it sends; reports the copy once the
 * response has gone out, or why there is none.
 */
function recordResponse(response: ServerResponse, maxBytes: number, ttlMs: number, now: () => number, done: (outcome: RenderOutcome) => void): void {
  const chunks: Buffer[] = [];
  let bytes = 0;
  let unusable = false;
  let headHeaders: OutgoingHttpHeaders = {};
  const keep = (chunk: unknown, encoding: unknown) => {
    if (unusable || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer = toBuffer(chunk, encoding);
    if (!buffer) {
      unusable = true;
      return;
    }
    bytes += buffer.length;
    if (bytes > maxBytes) {
      unusable = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };

  // Compression (in Next's handler) wraps these after us, so what reaches them is what goes on the wire.
  const { writeHead, write, end } = response;
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    // writeHead(status, [message], headers): headers given here may bypass getHeaders().
    const given = args.find((arg, index) => index > 0 && typeof arg === 'object' && arg !== null);
    if (Array.isArray(given)) unusable = true;
    else if (given) headHeaders = Object.fromEntries(Object.entries(given).map(([name, value]) => [name.toLowerCase(), value]));
    return writeHead.apply(this, args);
  } as typeof writeHead;
  response.write = function (this: ServerResponse, ...args: Parameters<typeof write>) {
    keep(args[0], args[1]);
    return write.apply(this, args);
  } as typeof write;
  response.end = function (this: ServerResponse, ...args: Parameters<typeof end>) {
    keep(args[0], args[1]);
    return end.apply(this, args);
  } as typeof end;

  response.once('finish', () => {
    const headers: OutgoingHttpHeaders = { ...response.getHeaders(), ...headHeaders };
    const lifetime = sharedLifetimeMs(response.statusCode, headers);
    if (unusable || lifetime === undefined) return done({ kind: 'uncacheable' });
    const body = Buffer.concat(chunks);
    const kept: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || hopByHop.has(name) || name === 'x-page-cache') continue;
      kept[name] = Array.isArray(value) ? value : String(value);
    }
    kept['content-length'] = String(body.length);
    const etag = typeof kept.etag === 'string' ? kept.etag : undefined;
    done({ kind: 'page', page: { headers: kept, body, etag, storedAt: now(), ttlMs: Math.min(ttlMs, lifetime) } });
  });
  // A response cut short (the client left) says nothing about whether the page can be cached.
  response.once('close', () => done({ kind: 'aborted' }));
}

/** Next's handler behind the micro-cache, and `clear` to forget every copy at once. */
export type PageCachedHandler = NodeHandler & { clear(): void };

/** Next's handler behind the micro-cache. */
export function withPageCache(handle: NodeHandler, options: PageCacheOptions): PageCachedHandler {
  const now = options.now ?? Date.now;
  const waitMs = options.waitMs ?? 2000;
  const store = new PageStore({ ttlMs: options.ttlMs, maxBytes: options.maxBytes, staleMs: waitMs, now });

  const waitFor = (page: Promise<CachedPage | undefined>): Promise<CachedPage | undefined> => {
    const cancel = new AbortController();
    const timeout = delay(waitMs, undefined, { signal: cancel.signal }).catch(() => undefined);
    return Promise.race([page, timeout]).finally(() => cancel.abort());
  };

  const cached = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const key = pageCacheKey(request);
    if (key === undefined) return handle(request, response);
    const found = store.lookup(key);
    switch (found.kind) {
      case 'fresh':
        return send(request, response, found.page, 'HIT');
      case 'stale':
        return send(request, response, found.page, 'STALE');
      case 'pass':
        return handle(request, response);
      case 'wait': {
        const page = await waitFor(found.page);
        if (page) return send(request, response, page, 'HIT');
        return handle(request, response);
      }
      case 'render':
        // A HEAD has no body to keep: it renders for itself and leaves the key to the next GET.
        if (request.method === 'HEAD') {
          found.done({ kind: 'aborted' });
          return handle(request, response);
        }
        // The copy must be a whole page: a 304 to this one client would leave nothing for the others.
        delete request.headers['if-none-match'];
        delete request.headers['if-modified-since'];
        response.setHeader('x-page-cache', 'MISS');
        recordResponse(response, store.maxPageBytes, options.ttlMs, now, found.done);
        try {
          return await handle(request, response);
        } catch (error) {
          found.done({ kind: 'aborted' });
          throw error;
        }
    }
  };
  return Object.assign(cached, { clear: () => store.clear() });
}
