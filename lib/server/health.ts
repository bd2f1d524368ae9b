import 'server-only';
// GET /api/health: liveness (the process answers) and readiness (it can serve: the database answers). The
// public report names each part's state in one word; why a part is down goes to the log only.
import { getDatabase } from '@/lib/db';
import { checkDatabase } from '@/lib/db/client';
import { getBus } from '@/lib/realtime/bus';
import { hasRole } from '@/lib/env';
import { log } from '@/lib/server/log';
import { runningMediaServer } from '@/lib/server/media/registry';

type PartState = 'ok' | 'down';
type HealthReport = { db: PartState; bus: PartState; media: PartState | 'off' };
export type HealthReply = { httpStatus: 200 | 503; body: { status: 0 | 1; msg: 'ok' | 'degraded' | 'unavailable'; data: HealthReport | null } };

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Probes come every few seconds: a part's reason is logged when it changes, not on every probe.
const lastResult = new Map<string, string>();

function state(part: string, result: string): PartState {
  if (lastResult.get(part) !== result) {
    if (result === 'ok') {
      if (lastResult.has(part)) log.info('health check: part back', { part });
    } else log.warn('health check: part down', { part, reason: result });
    lastResult.set(part, result);
  }
  return result === 'ok' ? 'ok' : 'down';
}

async function checkHealth(): Promise<HealthReport> {
  const [db, bus] = await Promise.all([
    getDatabase()
      .then((handle) => checkDatabase(handle.db))
      .catch(reason),
    getBus().health().catch(reason),
  ]);
  const media = hasRole('media') ? state('media', runningMediaServer()?.health() ?? 'not started') : 'off';
  return { db: state('db', db), bus: state('bus', bus), media };
}

/** The process is up and its event loop turns: a load balancer or orchestrator restarts it otherwise. */
export function liveness(): HealthReply {
  return { httpStatus: 200, body: { status: 0, msg: 'ok', data: null } };
}

/**
 * Ready when the database answers: without it no page or API call can be served (503 takes the process out of
 * rotation). The bus being down only degrades it (chat across processes, shared rate limits fall back to this
 * process), so it stays in rotation: a Redis blip must not empty the load balancer.
 */
export async function readiness(): Promise<HealthReply> {
  const report = await checkHealth();
  if (report.db !== 'ok') return { httpStatus: 503, body: { status: 1, msg: 'unavailable', data: report } };
  const degraded = report.bus !== 'ok' || report.media === 'down';
  return { httpStatus: 200, body: { status: 0, msg: degraded ? 'degraded' : 'ok', data: report } };
}

/** `/api/health/live` or `/api/health?probe=live`: liveness; any other `/api/health`: readiness. */
export function isLivenessProbe(pathname: string, search: URLSearchParams): boolean {
  return pathname === '/api/health/live' || search.get('probe') === 'live';
}
