import { liveness } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

/** Liveness: the process answers. */
export function GET() {
  const reply = liveness();
  return Response.json(reply.body, { status: reply.httpStatus, headers: { 'cache-control': 'no-store' } });
}
