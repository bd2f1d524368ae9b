import { checkHealth } from '@/lib/server/health';

export const dynamic = 'force-dynamic';

/** Answers 503 when a part is down, so a load balancer can take the process out of rotation. */
export async function GET() {
  const report = await checkHealth();
  const healthy = report.db === 'ok' && report.bus === 'ok';
  return Response.json({ status: healthy ? 0 : 1, msg: healthy ? 'ok' : 'degraded', data: report }, { status: healthy ? 200 : 503 });
}
