/** @jest-environment node */
// The micro-cache in front of a stand-in for Next's handler, over real HTTP: what a visitor gets, and how
// often the renderer is asked.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { withPageCache, sharedLifetimeMs } from '@/lib/server/page-cache/handler';
import { pageCacheKey } from '@/lib/server/page-cache/request-key';

const isrCacheControl = 's-maxage=300, stale-while-revalidate=31535700';
const nextVary = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

type Render = (request: IncomingMessage, response: ServerResponse, count: number) => void | Promise<void>;

/** A public ISR page as Next sends it: its text names the host, the language cookie and how many renders so far. */
const isrPage: Render = (request, response, count) => {
  const language = /(?:^|;\s*)lang=([^;]*)/.exec(request.headers.cookie ?? '')?.[1] ?? 'brand';
  const html = `<p>${request.headers.host} ${request.url} ${language} render ${count}</p>`;
  response.setHeader('Cache-Control', isrCacheControl);
  response.setHeader('Vary', nextVary);
  response.setHeader('ETag', `"e${count}"`);
  response.setHeader('Content-Type', 'text/html; charset=utf-8');
  if ((request.headers['accept-encoding'] ?? '').includes('gzip')) {
    response.setHeader('Content-Encoding', 'gzip');
    response.end(zlib.gzipSync(html));
  } else {
    response.end(html);
  }
};

let server: http.Server;
let base: string;
let renders = 0;
let render: Render = isrPage;
const clock = { now: 0 };

beforeEach(async () => {
  renders = 0;
  render = isrPage;
  clock.now = 0;
  const handle = withPageCache(
    async (request, response) => {
      renders += 1;
      await render(request, response, renders);
    },
    { ttlMs: 1000, maxBytes: 1024 * 1024, now: () => clock.now },
  );
  server = http.createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the test server has no port');
  base = `http://127.0.0.1:${address.port}`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** Node's http client: unlike fetch it sends the Host and Accept-Encoding it is given, and does not decode. */
function get(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}
const text = (reply: Reply) => reply.body.toString();

describe('page micro-cache', () => {
  it('answers repeated anonymous visits from one render until the lifetime ends', async () => {
    const first = await get('/news_detail/32');
    const second = await get('/news_detail/32');
    expect(text(first)).toContain('render 1');
    expect(first.headers['x-page-cache']).toBe('MISS');
    expect(text(second)).toBe(text(first));
    expect(second.headers['x-page-cache']).toBe('HIT');
    expect(second.headers['cache-control']).toBe(isrCacheControl);
    expect(second.headers['content-length']).toBe(String(first.body.length));
    expect(renders).toBe(1);

    clock.now = 1000;
    expect(text(await get('/news_detail/32'))).toContain('render 2');
  });

  it('renders once for a burst of simultaneous first visits', async () => {
    render = async (request, response, count) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      isrPage(request, response, count);
    };
    const replies = await Promise.all(Array.from({ length: 20 }, () => get('/scheduleDetail/1001/2')));
    expect(renders).toBe(1);
    expect(new Set(replies.map(text)).size).toBe(1);
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
  });

  it('never answers a signed-in visitor or an Authorization header from the copy', async () => {
    await get('/home');
    await get('/home', { cookie: 'sc_session=sealed' });
    await get('/home', { cookie: 'lang=en-US; __Host-sc_session=sealed' });
    await get('/home', { authorization: 'Bearer 1.token' });
    expect(renders).toBe(4);
  });

  it('keeps a copy per host (brand), language cookie and address', async () => {
    const plain = text(await get('/home', { host: 'sportcast.example' }));
    const otherBrand = text(await get('/home', { host: 'qiuba.example' }));
    const english = text(await get('/home', { host: 'sportcast.example', cookie: 'theme=dark; lang=en-US' }));
    const query = text(await get('/home?lang=zh-CN', { host: 'sportcast.example' }));
    expect(new Set([plain, otherBrand, english, query]).size).toBe(4);
    expect(otherBrand).toContain('qiuba.example');
    expect(english).toContain('en-US');
    // Other cookies do not split the cache.
    expect(text(await get('/home', { host: 'sportcast.example', cookie: 'lang=en-US; theme=light' }))).toBe(english);
    expect(renders).toBe(4);
  });

  it('keeps the compressed and the plain copy apart', async () => {
    const gzip = await get('/home', { 'accept-encoding': 'gzip, deflate, br' });
    const plain = await get('/home');
    const gzipAgain = await get('/home', { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gzipAgain.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipAgain.body).toString()).toBe(zlib.gunzipSync(gzip.body).toString());
    expect(renders).toBe(2);
  });

  it('lets RSC and prefetch requests through to Next every time', async () => {
    await get('/home');
    await get('/home', { rsc: '1' });
    await get('/home', { rsc: '1', 'next-router-prefetch': '1' });
    await get('/home', { 'next-router-state-tree': '%5B%5D' });
    expect(renders).toBe(4);
  });

  it('does not keep what Next does not mark for shared caches', async () => {
    const uncacheable: [string, Render][] = [
      ['not found', (_request, response) => void response.writeHead(404, { 'cache-control': isrCacheControl }).end('gone')],
      ['private', (_request, response) => void response.writeHead(200, { 'cache-control': 'private, no-cache, no-store, max-age=0, must-revalidate' }).end('mine')],
      ['sets a cookie', (_request, response) => void response.writeHead(200, { 'cache-control': isrCacheControl, 'set-cookie': 'lang=en-US' }).end('hi')],
      ['varies on cookies', (_request, response) => void response.writeHead(200, { 'cache-control': isrCacheControl, vary: 'Cookie' }).end('hi')],
    ];
    for (const [name, respond] of uncacheable) {
      render = respond;
      renders = 0;
      const path = `/${name.replace(/ /g, '-')}`;
      await get(path);
      await get(path);
      expect({ name, renders }).toEqual({ name, renders: 2 });
    }
  });

  it('answers a HEAD and a matching If-None-Match from the copy without a body', async () => {
    const first = await get('/help');
    const head = await get('/help', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(String(first.body.length));
    const notModified = await get('/help', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(renders).toBe(1);
  });

  it('keeps a whole page when the first visitor revalidates', async () => {
    render = (request, response, count) => {
      if (request.headers['if-none-match'] === `"e${count}"`) return void response.writeHead(304).end();
      isrPage(request, response, count);
    };
    const first = await get('/help', { 'if-none-match': '"e1"' });
    expect(first.status).toBe(200);
    expect((await get('/help')).headers['x-page-cache']).toBe('HIT');
    expect(renders).toBe(1);
  });

  it('does not touch the API, POSTs or Next assets', async () => {
    await get('/api/news/getNewsList');
    await get('/api/news/getNewsList');
    await get('/_next/static/chunks/app.js');
    await get('/_next/static/chunks/app.js');
    await get('/home', {}, 'POST');
    await get('/home', {}, 'POST');
    expect(renders).toBe(6);
  });
});

describe('sharedLifetimeMs', () => {
  it('reads the s-maxage Next gives ISR pages', () => {
    expect(sharedLifetimeMs(200, { 'cache-control': isrCacheControl, vary: nextVary })).toBe(300_000);
    expect(sharedLifetimeMs(200, { 'cache-control': 'public, max-age=31536000, immutable' })).toBeUndefined();
    expect(sharedLifetimeMs(200, { 'cache-control': 's-maxage=0' })).toBeUndefined();
  });
});

describe('pageCacheKey', () => {
  it('bypasses session cookies but keys the language cookie', () => {
    const key = (cookie: string) => pageCacheKey({ method: 'GET', url: '/home', headers: { host: 'a', cookie } });
    expect(key('sc_session=x')).toBeUndefined();
    expect(key('lang=en-US')).not.toBe(key('lang=zh-CN'));
    expect(key('lang=en-US; _ga=1')).toBe(key('_ga=2; lang=en-US'));
  });

  it('keys the spoiler-free choice, and the revealed matches only in that mode', () => {
    const key = (cookie: string) => pageCacheKey({ method: 'GET', url: '/home', headers: { host: 'a', cookie } });
    expect(key('sc_spoilers=on')).not.toBe(key(''));
    expect(key('sc_spoilers=on; sc_revealed=1033')).not.toBe(key('sc_spoilers=on; sc_revealed=1001'));
    // Outside the mode, a revealed list (left from an earlier visit) must not split everyone's copies.
    expect(key('sc_revealed=1033')).toBe(key(''));
  });
});
