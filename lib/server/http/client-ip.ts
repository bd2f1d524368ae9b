import 'server-only';
// The caller's address for rate limits. The Node server (server.ts, lib/server/http/forwarded.ts) has already
// replaced X-Forwarded-For with the one client address it trusts, from the socket or from trusted proxies.
import type { NextRequest } from 'next/server';
import { addressLimitKey, plainAddress } from './forwarded';

/** The client's address as limits count it: IPv4 as it is, IPv6 by its /64 network; 'unknown' without one. */
export function clientIp(request: NextRequest): string {
  const address = plainAddress(request.headers.get('x-forwarded-for')?.split(',').at(-1));
  return address ? addressLimitKey(address) : 'unknown';
}
