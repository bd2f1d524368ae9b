// The security headers around Next's handler, on a real HTTP server with a stand-in for Next: a page rendered
// per request gets a nonce policy matching the nonce Next was handed, a page rendered for a shared cache gets
// the policy without one, API answers run nothing, and a client cannot choose the nonce.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getEnv } from '@/lib/env';
import { withSecurityHeaders } from '@/lib/server/security/response-headers';

let server: http.Server;
let base: string;
const seenNonces: string[] = [];

beforeAll(async () => {
  const handle = withSecurityHeaders(
    async (request, response) => {
      const nonce = /'nonce-([^']+)'/.exec(String(request.headers['content-security-policy']))?.[1] ?? '';
      seenNonces.push(nonce);
      if (request.url === '/dynamic') {
        response.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(`<html><script nonce="${nonce}">1</script></html>`);
      } else if (request.url === '/not-modified') {
        response.writeHead(304, { etag: '"v1"', 'cache-control': 's-maxage=60' });
        response.end();
      } else if (request.url === '/static') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 's-maxage=60, stale-while-revalidate=31535940' });
        response.end('<html><script>1</script></html>');
      } else {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"status":0}');
      }
    },
    { env: getEnv(), secure: (request) => request.headers['x-test-secure'] === '1' },
  );
  server = http.createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

it('gives a page rendered per request a fresh nonce, the one Next was handed, even when the client sent its own policy', async () => {
  const first = await fetch(`${base}/dynamic`, { headers: { 'content-security-policy': "script-src 'nonce-attacker'" } });
  const second = await fetch(`${base}/dynamic`);
  const policies = [first.headers.get('content-security-policy')!, second.headers.get('content-security-policy')!];
  const nonces = policies.map((policy) => /'nonce-([^']+)'/.exec(policy)?.[1]);
  expect(nonces[0]).toBe(seenNonces.at(-2));
  expect(nonces[1]).toBe(seenNonces.at(-1));
  expect(nonces[0]).not.toBe(nonces[1]);
  expect(nonces[0]).not.toBe('attacker');
  expect(await first.text()).toContain(`nonce="${nonces[0]}"`);
  expect(directive(policies[0], 'script-src')).toContain("'strict-dynamic'");
  for (const [name, value] of [['object-src', "'none'"], ['base-uri', "'self'"], ['frame-ancestors', "'self'"], ['form-action', "'self'"]]) {
    expect(directive(policies[0], name)).toBe(`${name} ${value}`);
  }
});

it('gives a page from a shared cache the policy without a nonce (its HTML has none)', async () => {
  const response = await fetch(`${base}/static`);
  const policy = response.headers.get('content-security-policy')!;
  expect(policy).not.toContain('nonce-');
  expect(directive(policy, 'script-src')).toBe("script-src 'self' 'unsafe-inline'");
  expect(directive(policy, 'object-src')).toBe("object-src 'none'");
});

it('lets the page play video from the embedded media server on another port of its host', async () => {
  // Node's client, as fetch does not send a Host header of the caller's choosing.
  const policy = await new Promise<string>((resolve, reject) => {
    http
      .get(`${base}/dynamic`, { headers: { host: 'zh.localhost:3000' } }, (response) => {
        response.resume();
        resolve(String(response.headers['content-security-policy']));
      })
      .on('error', reject);
  });
  expect(directive(policy, 'media-src')).toBe("media-src 'self' blob: http://zh.localhost:* https://zh.localhost:*");
  expect(directive(policy, 'connect-src')).toContain('http://zh.localhost:*');
});

it('leaves a 304 without a policy, so the browser keeps the page’s own', async () => {
  const response = await fetch(`${base}/not-modified`);
  expect(response.status).toBe(304);
  expect(response.headers.get('content-security-policy')).toBeNull();
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
});

it('answers API calls with a policy that runs nothing, and sends the fixed headers on everything', async () => {
  const response = await fetch(`${base}/api/anything`);
  expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
  expect(response.headers.get('strict-transport-security')).toBeNull();
});

it('sends HSTS only when the browser came over HTTPS', async () => {
  const response = await fetch(`${base}/dynamic`, { headers: { 'x-test-secure': '1' } });
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
});
