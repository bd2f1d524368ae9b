// The client's address as rate limits see it, through a real Node server and real sockets, as server.ts
// serves them: X-Forwarded-For is believed only from TRUSTED_PROXIES, and IPv6 clients count by their /64.
// The route is the feedback form's (5 messages per address in 10 minutes), so its answers show the keying.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { POST as submitFeedback } from '@/app/api/feedback/submit/route';
import { parseEnv } from '@/lib/env';
import { rateLimitStoreReady } from '@/lib/server/rate-limit';
import { trustedProxyList } from '@/lib/env';
import { addressLimitKey, clientAddress, settleForwardedHeaders } from '@/lib/server/http/forwarded';

// With TEST_REDIS_URL the counts outlive a run: each run takes its own addresses (all of 127/8 is this machine).
const block = () => crypto.randomInt(1, 255);
const loopback = () => `127.${block()}.${block()}.${block()}`;
const documentation = () => `203.0.113.${block()}`;

type Reply = { status: number; msg: string; seen: { forwardedFor: string; proto: string | null } };

/** server.ts's request path: the headers settled on the Node request, then the route as Next would call it. */
async function serve(trusted: string[]) {
  const proxies = trustedProxyList(trusted);
  const server = http.createServer((req, res) => {
    settleForwardedHeaders(req, proxies);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = new Headers(Object.entries(req.headers).flatMap(([name, value]): [string, string][] => (typeof value === 'string' ? [[name, value]] : [])));
      const request = new NextRequest(`http://${req.headers.host}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) });
      const envelope = (await (await submitFeedback(request)).json()) as Omit<Reply, 'seen'>;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ...envelope, seen: { forwardedFor: headers.get('x-forwarded-for'), proto: headers.get('x-forwarded-proto') } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  const { port } = server.address() as AddressInfo;

  /** One message sent from `from` (a loopback address of this machine), with the forwarding headers given. */
  function send(from: string, headers: Record<string, string> = {}): Promise<Reply> {
    const body = JSON.stringify({ category: 'other', content: 'The score on the match page lagged behind the stream.', contact: '' });
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: from.includes(':') ? '::1' : '127.0.0.1', localAddress: from, port, method: 'POST', path: '/api/feedback/submit', headers: { 'content-type': 'application/json', ...headers } },
        (response) => {
          const parts: Buffer[] = [];
          response.on('data', (chunk: Buffer) => parts.push(chunk));
          response.on('end', () => resolve(JSON.parse(Buffer.concat(parts).toString()) as Reply));
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
  // As server.ts does before it listens: with Redis, limits count in memory until the connection is ready.
  await rateLimitStoreReady();
  return { send, close: () => new Promise((resolve) => server.close(resolve)) };
}

const refusal = /^You have sent several messages in a short time/;

// Each journey sends a dozen messages through the feedback route and its database writes: on a 2-core machine shared
// with the e2e lane the first one, which also loads the route, once took more than the default 30 s.
jest.setTimeout(90_000);


describe('the client address behind server.ts', () => {
  it('ignores X-Forwarded-For from a client that reaches the port directly, however it varies', async () => {
    const site = await serve([]);
    const client = loopback();
    try {
      for (let sent = 1; sent <= 5; sent += 1) {
        const reply = await site.send(client, { 'x-forwarded-for': `198.51.100.${sent}`, 'x-forwarded-proto': 'https' });
        expect(reply).toMatchObject({ status: 0, seen: { forwardedFor: client, proto: null } });
      }
      expect((await site.send(client, { 'x-forwarded-for': '198.51.100.99' })).msg).toMatch(refusal);
    } finally {
      await site.close();
    }
  });

  it('believes a trusted proxy, and only it: a client beside the proxy cannot borrow its trust', async () => {
    const proxy = loopback();
    const neighbour = loopback();
    const [client, other] = [documentation(), documentation()];
    const site = await serve([proxy]);
    try {
      const viaProxy = await site.send(proxy, { 'x-forwarded-for': `made-up, ${client}`, 'x-forwarded-proto': 'https' });
      expect(viaProxy).toMatchObject({ status: 0, seen: { forwardedFor: client, proto: 'https' } });
      for (let sent = 2; sent <= 5; sent += 1) expect((await site.send(proxy, { 'x-forwarded-for': client })).status).toBe(0);
      expect((await site.send(proxy, { 'x-forwarded-for': client })).msg).toMatch(refusal);
      // Another client behind the same proxy has its own count.
      if (other !== client) expect((await site.send(proxy, { 'x-forwarded-for': other })).status).toBe(0);
      // The proxy's neighbour connecting directly is itself, whatever it claims.
      expect((await site.send(neighbour, { 'x-forwarded-for': other })).seen.forwardedFor).toBe(neighbour);
    } finally {
      await site.close();
    }
  });

  it('counts IPv6 clients by their /64, so stepping through one network gains nothing', async () => {
    const site = await serve(['::1']);
    const network = `2001:db8:${block().toString(16)}:${block().toString(16)}`;
    try {
      for (let host = 1; host <= 5; host += 1) {
        expect((await site.send('::1', { 'x-forwarded-for': `${network}::${host}` })).status).toBe(0);
      }
      expect((await site.send('::1', { 'x-forwarded-for': `${network}:ffff:1:2:3` })).msg).toMatch(refusal);
      expect((await site.send('::1', { 'x-forwarded-for': `${network.replace('2001:db8', '2001:db9')}::1` })).status).toBe(0);
    } finally {
      await site.close();
    }
  });
});

describe('deriving the address', () => {
  it('walks back through a chain of trusted proxies to the first address none of them is', () => {
    const proxies = trustedProxyList(['10.0.0.0/8', 'fd00::/8']);
    expect(clientAddress('10.0.0.1', 'forged, 198.51.100.1, 10.0.0.2', proxies)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:10.0.0.1', '2001:db8::1', proxies)).toBe('2001:db8::1');
    expect(clientAddress('fd00::1', '10.0.0.3', proxies)).toBe('10.0.0.3');
    expect(clientAddress('198.51.100.2', '10.0.0.3', proxies)).toBe('198.51.100.2');
  });

  it('keys IPv6 by /64 and IPv4 by the address', () => {
    expect(addressLimitKey('2001:db8:5:6::1')).toBe('2001:db8:5:6::/64');
    expect(addressLimitKey('2001:0db8:0005:0006:ffff:1:2:3')).toBe('2001:db8:5:6::/64');
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
    expect(addressLimitKey('64:ff9b::1.2.3.4')).toBe('64:ff9b:0:0::/64');
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('stops start-up on a bad TRUSTED_PROXIES entry, and on the replaced TRUST_PROXY_HOPS', () => {
    expect(parseEnv({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8, ::1' }).TRUSTED_PROXIES).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow('"10.0.0.0/33" is not an IP address or CIDR block');
    expect(() => parseEnv({ TRUSTED_PROXIES: 'nginx' })).toThrow('TRUSTED_PROXIES');
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '1' })).toThrow(/TRUST_PROXY_HOPS: was replaced by TRUSTED_PROXIES/);
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '0' })).not.toThrow();
  });
});
