import 'server-only';
// GET /api/health: each part "ok" or the reason it is not.
import { getDatabase } from '@/lib/db';
import { checkDatabase } from '@/lib/db/client';
import { getBus } from '@/lib/realtime/bus';
import { hasRole } from '@/lib/env';
import { runningMediaServer } from '@/lib/server/media/registry';

export type HealthReport = { db: string; bus: string; media: string };

export async function checkHealth(): Promise<HealthReport> {
  const db = await getDatabase()
    .then((handle) => checkDatabase(handle.db))
    .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  const bus = await getBus()
    .health()
    .catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
  const media = hasRole('media') ? (runningMediaServer()?.health() ?? 'not started') : 'role not enabled in this process';
  return { db, bus, media };
}
