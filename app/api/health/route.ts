import type { NextRequest } from 'next/server';
import { isLivenessProbe, liveness, readiness } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

/** Readiness (503 only when the database is down); `?probe=live` answers liveness. */
export async function GET(request: NextRequest) {
  const reply = isLivenessProbe(request.nextUrl.pathname, request.nextUrl.searchParams) ? liveness() : await readiness();
  return Response.json(reply.body, { status: reply.httpStatus, headers: { 'cache-control': 'no-store' } });
}
