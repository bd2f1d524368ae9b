import 'server-only';
// The caller's IP for rate limits. Next fills X-Forwarded-For with the socket address when the client sent
// none; each trusted proxy (TRUST_PROXY_HOPS) appends the address it saw, so the client is that many from the right.
import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';

export function clientIp(request: NextRequest): string {
  const hops = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const index = Math.max(0, hops.length - 1 - getEnv().TRUST_PROXY_HOPS);
  return hops[index] ?? 'unknown';
}
